// The grey page image every OCR step works on (preprocess.ts makes it; tilt, rules, page corners
// and the OCR backends read it). Kept on its own so those steps need not import the preprocessor.

/** 8-bit grey pixels, one byte each, row by row. */
export interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}
