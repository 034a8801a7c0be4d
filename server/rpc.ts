/**
 * Calls a database function the way PostgREST does for `POST /rest/v1/rpc/<fn>`: JSON object in,
 * arguments matched by name, run as the caller's role (anon), JSON out, and errors in PostgREST's
 * shape `{ code, message, details, hint }` with its status codes.
 */
import type { SqlDatabase, SqlTransaction } from './sql-database.ts';

export interface RpcResponse {
  status: number;
  /** JSON body; undefined for 204. */
  body?: unknown;
}

export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

interface FunctionInfo {
  argNames: string[];
  argTypes: string[];
  required: number;
  returnType: string;
  /** Returns a set (`returns table` / `setof`): answered as a JSON array, as PostgREST does. */
  returnsSet: boolean;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function errorBody(
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) {
  return { code, message, details, hint } satisfies PostgrestErrorBody;
}

/** PostgREST's status for a Postgres error code (see its "Errors" reference). */
export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code.startsWith('08') || code.startsWith('53')) return 503;
  if (code.startsWith('XX') || code.startsWith('57') || code.startsWith('58')) return 500;
  return 400;
}

async function describe(db: SqlDatabase, name: string): Promise<FunctionInfo[]> {
  const { rows } = await db.query<{
    names: string[] | null;
    types: string[];
    defaults: number;
    ret: string;
    set: boolean;
  }>(
    `select p.proargnames as names,
            array(select format_type(t, null) from unnest(p.proargtypes) as t) as types,
            p.pronargdefaults as defaults,
            format_type(p.prorettype, null) as ret,
            p.proretset as set
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = $1`,
    [name],
  );
  return rows.map((row) => ({
    argNames: row.names ?? [],
    argTypes: row.types,
    required: row.types.length - row.defaults,
    returnType: row.ret,
    returnsSet: row.set,
  }));
}

function notFound(name: string, keys: string[]): RpcResponse {
  return {
    status: 404,
    body: errorBody(
      'PGRST202',
      `Could not find the function public.${name}(${keys.join(', ')}) in the schema cache`,
      'Searched for the function with the given argument names, but no matches were found.',
    ),
  };
}

/** The overload whose argument names cover the given keys and whose required arguments are all given. */
function pick(overloads: FunctionInfo[], keys: string[]): FunctionInfo | undefined {
  return overloads.find(
    (f) =>
      keys.every((key) => f.argNames.includes(key)) &&
      f.argNames.slice(0, f.required).every((name) => keys.includes(name)),
  );
}

function isPgError(error: unknown): error is Error & { code: string; detail?: string; hint?: string } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * Runs `public.<name>(args)` as `role` and answers like PostgREST. `headers` become the transaction's
 * `request.headers` setting, as PostgREST sets it (functions read the client's IP and user agent there).
 */
export async function callRpc(
  db: SqlDatabase,
  name: string,
  args: unknown,
  role = 'anon',
  headers: Record<string, string> = {},
): Promise<RpcResponse> {
  if (!IDENTIFIER.test(role)) throw new Error(`Not a role name: ${role}`);
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    return {
      status: 400,
      body: errorBody('PGRST102', 'The request body must be a JSON object of arguments'),
    };
  }
  const entries = Object.entries(args);
  const keys = entries.map(([key]) => key);
  if (!IDENTIFIER.test(name) || !keys.every((key) => IDENTIFIER.test(key))) return notFound(name, keys);
  const fn = pick(await describe(db, name), keys);
  if (!fn) return notFound(name, keys);

  const params = entries.map(([, value]) => JSON.stringify(value));
  const call = entries
    .map(([key], i) => {
      const type = fn.argTypes[fn.argNames.indexOf(key)] ?? 'jsonb';
      // A JSON array for an array argument, as PostgREST takes it (e.g. text[] from ["a", "b"]).
      const value =
        type === 'jsonb' || type === 'json'
          ? `$${i + 1}::${type}`
          : type.endsWith('[]')
            ? `array(select jsonb_array_elements_text($${i + 1}::jsonb))::${type}`
            : `($${i + 1}::jsonb #>> '{}')::${type}`;
      return `${key} => ${value}`;
    })
    .join(', ');
  const select =
    fn.returnType === 'void'
      ? `select public.${name}(${call})`
      : fn.returnsSet
        ? `select coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) as result from public.${name}(${call}) as r`
        : `select to_jsonb(public.${name}(${call})) as result`;

  try {
    const result = await db.transaction(async (tx: SqlTransaction) => {
      await tx.exec(`set local role ${role}`);
      await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(headers)]);
      return tx.query<{ result?: unknown }>(select, params);
    });
    if (fn.returnType === 'void') return { status: 204 };
    return { status: 200, body: result.rows[0]?.result ?? null };
  } catch (error) {
    if (!isPgError(error)) throw error;
    return {
      status: statusForSqlState(error.code, role),
      body: errorBody(error.code, error.message, error.detail ?? null, error.hint ?? null),
    };
  }
}
