// The shapes of the service's answers this app reads, inferred from the contract's zod schemas
// (type-only: nothing of zod reaches the browser bundle).
import type {
  AccountCountriesOut,
  AutorenewOut,
  CheckoutOut,
  CurrentPlanOut,
  DashboardOut,
  InboxListOut,
  InboxScanOut,
  KeysOut,
  LetterOut,
  LettersOut,
  MailAccountOut,
  MailConnectOut,
  MailDisconnectOut,
  NewKeyOut,
  PaymentItem,
  PaymentStateOut,
  PinStatusOut,
  PlanOut,
  TopUpOut,
  UpgradeOut,
  UsageJournalOut,
  VolumePriceOut,
  z,
} from '@invoice-reader/contract';

export type PinStatus = z.infer<typeof PinStatusOut>;
export type Dashboard = z.infer<typeof DashboardOut>;
export type Keys = z.infer<typeof KeysOut>;
export type Key = Keys['keys'][number];
export type NewKey = z.infer<typeof NewKeyOut>;
export type UsageJournal = z.infer<typeof UsageJournalOut>;
export type UsageEntry = UsageJournal['items'][number];
export type VolumePrice = z.infer<typeof VolumePriceOut>;
export type Countries = z.infer<typeof AccountCountriesOut>;
export type Plan = z.infer<typeof PlanOut>;
export type CurrentPlan = z.infer<typeof CurrentPlanOut>;
export type Upgrade = z.infer<typeof UpgradeOut>;
export type Checkout = z.infer<typeof CheckoutOut>;
export type Payment = z.infer<typeof PaymentItem>;
export type PaymentState = z.infer<typeof PaymentStateOut>;
export type Autorenew = z.infer<typeof AutorenewOut>;
export type TopUpLink = z.infer<typeof TopUpOut>;

export type MailAccount = z.infer<typeof MailAccountOut>;
export type MailConnect = z.infer<typeof MailConnectOut>;
export type MailDisconnect = z.infer<typeof MailDisconnectOut>;
export type InboxScan = z.infer<typeof InboxScanOut>;
export type InboxList = z.infer<typeof InboxListOut>;
export type InboxItem = InboxList['items'][number];
export type Letter = z.infer<typeof LetterOut>;
export type Letters = z.infer<typeof LettersOut>;
export type LetterItem = Letters['items'][number];
