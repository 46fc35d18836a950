export function openApiTypes(doc: unknown): Promise<string>;
