// Server-rendered pages under /en/… (issue 4). Placeholder until the pages land.
import { Router } from 'express';
import type { AppDeps } from '../http/app-deps.js';

export function createWebRouter(_deps: AppDeps): Router {
  return Router();
}
