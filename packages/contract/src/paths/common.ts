// Helpers shared by every domain's OpenAPI paths: response shorthands and the security schemes.
import { ErrorOut } from '../errors.js';

export const json = <T>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const refusal = (description: string) => json(ErrorOut, description);

/** Security requirements an operation names (`[]` for a public one). */
export interface Security {
  apiKey: Array<Record<string, string[]>>;
  session: Array<Record<string, string[]>>;
  public: Array<Record<string, string[]>>;
}
