// The one zod the contract uses, extended with `.openapi()` so schemas carry their OpenAPI names.
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };
