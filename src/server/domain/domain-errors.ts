// Domain failures as AppErrors: the MCP tools turn them into `isError` tool results, the operator
// commands into messages and exit codes. The wording is written for a person or a model to act on.
import { AppError } from '../errors.js';

export const domainNotFound = (detail: string) => new AppError(404, 'not_found', 'Not found', { detail });
export const domainForbidden = (detail: string) => new AppError(403, 'forbidden', 'Forbidden', { detail });
export const domainInvalid = (detail: string) => new AppError(400, 'invalid_request', 'Invalid request', { detail });
