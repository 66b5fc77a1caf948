/**
 * The platform's one input boundary for GraphQL: every text argument, and every text field of an
 * input object, is checked with zod before its resolver runs, so bad text never reaches a resolver
 * or the database. The rules (spec section 5, ASVS 5 level 2):
 *
 * - at most MAX_TEXT_LENGTH (100) characters, unless TEXT_LIMITS names the argument (tokens, URLs,
 *   idempotency keys, cursors are longer by nature);
 * - no control characters at all (NUL, line breaks, escapes, C1): no argument is multi-line;
 * - formats where an argument has one (FORMATS: phone numbers).
 *
 * A refusal is BadUserInput naming the argument (`field` in extensions) and what to send instead,
 * and listing every bad argument (`fieldErrors`: field, code, message), so a form can mark each field.
 * Lists are capped at MAX_LIST_LENGTH items. Resolvers keep their own business rules (a minimum
 * deposit, a known slug); this layer only makes sure what they get is sane text.
 */
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, getNullableType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType } from 'graphql';
import type { GraphQLFieldConfig, GraphQLInputType, GraphQLSchema } from 'graphql';
import { z } from 'zod';
import { PlatformError } from './errors.ts';

/** The spec's input limit (section 5): text, email and search inputs accept at most 100 characters. */
export const MAX_TEXT_LENGTH = 100;
/** The longest list an argument may carry (a translations query asks for a few hundred keys). */
export const MAX_LIST_LENGTH = 5000;

/** Arguments and input fields whose text is longer by nature, by name. */
export const TEXT_LIMITS: Readonly<Record<string, number>> = {
  refreshToken: 4096,
  returnUrl: 2048,
  lobbyOrigin: 2048,
  idempotencyKey: 200,
  after: 500,
};

/** Arguments with a format, by name: the pattern and how to say what is expected. */
export const FORMATS: Readonly<Record<string, { pattern: RegExp; expected: string }>> = {
  phoneNumber: { pattern: /^\+?[0-9][0-9 ()-]{3,24}$/, expected: 'a phone number of digits, like +358401234567' },
  visitorId: { pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, expected: 'a UUID, like 7d9f0c52-1b1e-4a53-9a55-2b6f0e1c3d4a (the lobby\'s visitorId cookie)' },
  policyVersion: { pattern: /^[A-Za-z0-9._-]{1,40}$/, expected: 'a policy version of 1 to 40 letters, digits, dots, dashes or underscores, like 2026-11' },
};

// Every C0 and C1 control character, DEL included.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

/** The spec's limit for passwords, which are longer than other text (section 5; ASVS asks for at least 64). */
export const MAX_PASSWORD_LENGTH = 128;

/** What is wrong with one piece of form text under the same rules (the platform's HTML forms), or null. */
export function textProblem(value: string, limit = MAX_TEXT_LENGTH): 'tooLong' | 'controlCharacters' | null {
  if (value.length > limit) return 'tooLong';
  return CONTROL_CHARACTERS.test(value) ? 'controlCharacters' : null;
}

/** The zod schema of one text argument or field. */
function textSchema(name: string): z.ZodType<string> {
  const limit = TEXT_LIMITS[name] ?? MAX_TEXT_LENGTH;
  const format = FORMATS[name];
  let schema = z
    .string()
    .max(limit, `must be at most ${limit} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), { message: 'must not contain control characters (such as NUL, tabs or line breaks)', params: { code: 'controlCharacters' } });
  if (format) schema = schema.refine((value) => format.pattern.test(value), { message: `must be ${format.expected}`, params: { code: 'format' } });
  return schema;
}

/** One bad field as a form shows it: its path, a code the client translates, and the developer's message. */
export interface FieldError {
  field: string;
  /** tooLong, controlCharacters, format, or a resolver's own code (required, tooYoung, …). */
  code: string;
  message: string;
  /** Numbers or examples the client's text needs (the limit, the minimum age, an example). */
  [detail: string]: unknown;
}

/** A zod issue as a FieldError: a custom check's code rides in its params, a length limit is tooLong. */
export function fieldError(issue: z.core.$ZodIssue, prefix: string[] = []): FieldError {
  const field = [...prefix, ...issue.path.map(String)].join('.');
  const params = issue.code === 'custom' ? (issue.params ?? {}) : {};
  const code = typeof params.code === 'string' ? params.code : issue.code === 'too_big' ? 'tooLong' : issue.code === 'too_small' ? 'required' : 'invalid';
  const limit = issue.code === 'too_big' ? { max: Number(issue.maximum) } : {};
  return { ...params, ...limit, field, code, message: issue.message };
}

/** The zod schema for a GraphQL input type under a name, or null when nothing in it is text. */
function inputSchema(type: GraphQLInputType, name: string, seen: Set<string> = new Set()): z.ZodType | null {
  const required = isNonNullType(type);
  const inner = getNullableType(type);
  let schema: z.ZodType | null = null;
  if (isListType(inner)) {
    const item = inputSchema(inner.ofType, name, seen);
    schema = z.array(item ?? z.unknown()).max(MAX_LIST_LENGTH, `must have at most ${MAX_LIST_LENGTH} items`);
  } else if (isScalarType(inner) && (inner.name === 'String' || inner.name === 'ID')) {
    schema = textSchema(name);
  } else if (isInputObjectType(inner) && !seen.has(inner.name)) {
    const fields: Record<string, z.ZodType> = {};
    for (const field of Object.values(inner.getFields())) {
      const fieldSchema = inputSchema(field.type, field.name, new Set([...seen, inner.name]));
      if (fieldSchema) fields[field.name] = fieldSchema;
    }
    if (Object.keys(fields).length > 0) schema = z.looseObject(fields);
  } else if (isEnumType(inner) || isScalarType(inner)) {
    return null;
  }
  if (!schema) return null;
  return required ? schema : schema.nullish();
}

/** The args schema of a field, or null when it takes no text. */
function argsSchema(config: GraphQLFieldConfig<unknown, unknown>): z.ZodType | null {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, arg] of Object.entries(config.args ?? {})) {
    const schema = inputSchema(arg.type, name);
    if (schema) shape[name] = schema;
  }
  return Object.keys(shape).length > 0 ? z.looseObject(shape) : null;
}

/** Checks a field's arguments; throws BadUserInput naming the first bad one. */
function check(schema: z.ZodType, args: unknown, fieldName: string): void {
  const result = schema.safeParse(args);
  if (result.success) return;
  const issue = result.error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const fieldErrors = result.error.issues.map((each) => fieldError(each));
  throw new PlatformError('BadUserInput', `${fieldName}: argument "${path}" ${issue?.message ?? 'is not valid'}`, { field: path, fieldErrors });
}

/** The schema with every text argument checked before its resolver (and subscription source) runs. */
export function withInputRules(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (config, fieldName) => {
      const rules = argsSchema(config);
      if (!rules) return config;
      const resolve = config.resolve ?? defaultFieldResolver;
      const subscribe = config.subscribe;
      return {
        ...config,
        resolve: (source, args, context, info) => {
          check(rules, args, fieldName);
          return resolve(source, args, context, info);
        },
        ...(subscribe
          ? {
              subscribe: (source, args, context, info) => {
                check(rules, args, fieldName);
                return subscribe(source, args, context, info);
              },
            }
          : {}),
      };
    },
  });
}
