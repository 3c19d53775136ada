/** Server-side texts from the shared translation files (src/public/assets/i18n/share/{lang}.json). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Lang } from '../runtime/shared/definition';
import { localDigits, sentenceNumber } from '../runtime/shared/fieldKinds/numberText';
import {
  messageParams,
  type MessageRef,
  type ServerMessage,
  type TableMessage,
} from '../runtime/shared/envelope';
import { PROJECT_ROOT } from './config';

type Tree = { [key: string]: string | Tree };

const trees: Record<Lang, Tree> = {
  fa: load('fa'),
  en: load('en'),
};

function load(lang: Lang): Tree {
  const file = resolve(PROJECT_ROOT, 'src/public/assets/i18n/share', `${lang}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Tree;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of splitKey(key)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

// "validation.format.date-time": the last segments may contain dots? They do not; split on the first two.
function splitKey(key: string): string[] {
  if (key.startsWith('validation.format.'))
    return ['validation', 'format', key.slice('validation.format.'.length)];
  return key.split('.');
}

/** Translated text; falls back to Persian, then to the key. `{{name}}` is replaced by params. */
export function t(lang: Lang, key: string, params: Record<string, unknown> = {}): string {
  const text = lookup(trees[lang], key) ?? lookup(trees.fa, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    name in params ? paramText(params[name], lang) : '',
  );
}

/**
 * A value put into a message as the client shows values: in fa, numbers («دست‌کم ۰٫۰۰۱») and the
 * digits of texts (a period «سال مالی ۱۴۰۴», a code) in Persian digits, as the grid shows them.
 * (Params keep the raw values for programs.)
 */
function paramText(value: unknown, lang: Lang): string {
  if (typeof value === 'number') return sentenceNumber(value, lang);
  return localDigits(String(value), lang);
}

/** Language of a request: `en` when Accept-Language starts with it, Persian otherwise. */
export function requestLang(acceptLanguage: string | undefined): Lang {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'fa';
}

export function errorText(lang: Lang, key: string): string {
  return t(lang, `errors.${key}`);
}

/** A message with its text rendered: key, parameters and the text in the request language. */
export type Message = MessageRef & { Message: string };

/** A message of an answer: its key, its parameters and its text in `lang` (runtime/shared/envelope.ts). */
export function message(lang: Lang, key: string, params: Record<string, unknown> = {}): Message {
  const Params = messageParams(params);
  return { Key: key, Params, Message: t(lang, key, Params) };
}

/** A message on a field (ServerMessageTexts). */
export function fieldMessage(
  lang: Lang,
  field: string,
  key: string,
  params: Record<string, unknown> = {},
): ServerMessage {
  return { FieldName: field, ...message(lang, key, params) };
}

/** A message on a cell of a child table (TableMessageTexts); `row` is the 0-based line index. */
export function cellMessage(
  lang: Lang,
  table: string,
  row: number,
  field: string,
  key: string,
  params: Record<string, unknown> = {},
): TableMessage {
  return { TableName: table, RowIndex: row, FieldName: field, ...message(lang, key, params) };
}

/** A text written by a person (a definition's message, a designer problem) as a message. */
export function textParams(text: string): { text: string } {
  return { text };
}
