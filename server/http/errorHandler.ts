/** One error handler and one not-found handler for everything: envelopes for /api, OAuth errors for /Token. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EnvelopeState, failure } from '../../runtime/shared/envelope';
import { isUnreachable } from '../db/connection';
import { uniqueViolationField } from '../db/unique';
import { fieldMessage, message } from '../i18n';
import { HttpError, errorData, errorFields, invalid, type ErrorKey } from './errors';
import { RuleBudgetError } from '../../runtime/shared/ruleBudget';

function send(req: FastifyRequest, reply: FastifyReply, status: number, key: ErrorKey, err?: HttpError) {
  if (err) for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  const body = failure(
    [message(req.lang, `errors.${key}`)],
    err ? errorFields(err, req.lang) : [],
    err?.table ?? [],
    err ? errorData(err, req.lang) : null,
  );
  const fieldOrLine = body.ServerMessageTexts.length > 0 || body.TableMessageTexts.length > 0;
  // A business rule that names its line stays a business error (State Error), with the cell marked.
  if (status === 417 && fieldOrLine && key !== 'BusinessRuleViolated')
    body.State = EnvelopeState.InvalidValues;
  // 400: the offending parts also as an `errors` map (field → messages), as clients expect of a 400
  if (status === 400 && body.ServerMessageTexts.length > 0) {
    // field names come from the request (a filter on `constructor`, `__proto__`…): a Map, never
    // an object indexed by them, so no Object.prototype member is taken for a list
    const errors = new Map<string, string[]>();
    for (const m of body.ServerMessageTexts) {
      const list = errors.get(m.FieldName) ?? [];
      list.push(`${m.FieldName}: ${m.Message}`);
      errors.set(m.FieldName, list);
    }
    // fromEntries defines own properties: `__proto__` stays a plain key of the answer
    return reply.code(status).send({ ...body, errors: Object.fromEntries(errors) });
  }
  return reply.code(status).send(body);
}

const isOAuth = (req: FastifyRequest) => /^\/(Token|revoke)\b/.test(req.url);

/**
 * Fastify's router refusals, raised before any hook runs (the `frameworkErrors` option): a path
 * segment longer than the router's limit names no entity, action or file, so it answers 404
 * UnknownEntity like every other unknown path; a malformed percent-escape answers 400. Both in the
 * envelope, with the headers of every answer (`headers`: securityHeaders.answerHeaders).
 */
export function routerErrors(headers: (url: string) => Record<string, string>) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(headers(req.url));
    if (isOAuth(req)) {
      void reply.code(400).send({ error: 'invalid_request' });
      return;
    }
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void send(req, reply, 404, 'UnknownEntity');
    else void send(req, reply, 400, 'BadRequest');
  };
}

export function installErrorHandlers(app: FastifyInstance, staticDir: string | null): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, req, reply) => {
    if (error instanceof HttpError) return send(req, reply, error.status, error.key, error);
    const status = (error as FastifyError).statusCode;
    if (isOAuth(req) && status && status < 500) return reply.code(400).send({ error: 'invalid_request' });
    if (status === 413) return send(req, reply, 413, 'PayloadTooLarge');
    if (status === 415) return send(req, reply, 415, 'BadRequest');
    if (status && status >= 400 && status < 500) return send(req, reply, 400, 'BadRequest');
    // a definition's rules over their cost budget (runtime/shared/ruleBudget.ts): the save is refused
    if (error instanceof RuleBudgetError)
      return send(
        req,
        reply,
        417,
        'YouHaveNotEnteredValuesCorrectly',
        invalid([fieldMessage(req.lang, '', 'designerCheck.ruleBudget')]),
      );
    const duplicate = uniqueViolationField(error);
    if (duplicate)
      return send(
        req,
        reply,
        417,
        'YouHaveNotEnteredValuesCorrectly',
        invalid([fieldMessage(req.lang, duplicate, 'validation.unique')]),
      );
    if (isUnreachable(error)) {
      req.log.error(
        { err: { message: error.message, code: (error as { code?: unknown }).code } },
        'database unreachable',
      );
      return send(req, reply, 503, 'NetworkUnavailablePleaseCheckIt');
    }
    req.log.error({ err: error }, 'unexpected error');
    return send(req, reply, 500, 'UnspecifiedErrorOccurredPleaseContactSupport');
  });

  const index = staticDir ? join(staticDir, 'index.html') : null;
  app.setNotFoundHandler((req, reply) => {
    const api = req.url.startsWith('/api/') || req.url === '/api' || isOAuth(req);
    if (!api && req.method === 'GET' && index && existsSync(index)) {
      return reply.type('text/html').sendFile('index.html');
    }
    if (!api && req.method === 'GET') {
      return reply
        .code(404)
        .type('text/plain')
        .send('The client is not built (dist/ is missing): run `npm run build`.');
    }
    return send(req, reply, 404, 'UnknownEntity');
  });
}
