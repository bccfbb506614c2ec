// OAuth 2.0 authorization server and discovery metadata (issue 4). Placeholder until it lands.
import { Router } from 'express';
import type { AppDeps } from '../http/app-deps.js';

export function createOAuthRouter(_deps: AppDeps): Router {
  return Router();
}
