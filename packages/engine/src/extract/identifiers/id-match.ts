// The shape of every identifier found in invoice text: its value, as printed, and where it stands.

export interface IdMatch {
  /** The normalised value (upper case, no spaces) for ids; as printed for e-mails. */
  value: string;
  raw: string;
  start: number;
  end: number;
}
