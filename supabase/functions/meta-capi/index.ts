/**
 * The Supabase edge function (Deno): serves the meta-capi handler (./handler.ts, which says what it does
 * and which env it reads). Everything it imports lives under supabase/functions.
 */
import handler from './handler.ts';

Deno.serve(handler.fetch);
