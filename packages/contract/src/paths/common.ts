// Helpers shared by every domain's OpenAPI paths: response shorthands and the security schemes.
import { ErrorOut, HTTPValidationError } from '../errors.js';

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

/** Answers every signed-in route may give. */
export const sessionRefusals = (changes: boolean) => ({
  401: refusal('`not_authenticated`: no live session (cookie `sid` or `Authorization: Bearer`).'),
  ...(changes
    ? { 403: refusal("`csrf_origin`: a cookie-carried change without the service's own `Origin`.") }
    : {}),
  422: json(HTTPValidationError, 'A parameter or the body fails its schema.'),
});

export const validationRefusal = {
  422: json(HTTPValidationError, 'A parameter or the body fails its schema.'),
};
export const rateRefusal = { 429: refusal('`rate_limited`; see `Retry-After`.') };

export const jsonBody = <T>(schema: T, required = true) => ({
  body: { required, content: { 'application/json': { schema } } },
});
