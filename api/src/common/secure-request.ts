import type { Request } from 'express';

import type { AppConfig } from '../config/env.schema';

/** Cookies get `Secure` in production and whenever the request came over TLS (see TRUST_PROXY). */
export const isSecureRequest = (config: AppConfig, req: Request) => config.isProduction || req.secure;
