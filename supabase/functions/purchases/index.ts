/**
 * The Supabase edge function (Deno): serves the purchases handler (./handler.ts, which says what it does
 * and which env it reads). Everything it imports lives under supabase/functions (and the stripe package).
 */
import handler from './handler.ts';

Deno.serve(handler.fetch);
