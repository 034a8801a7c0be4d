-- Hardening, round 4 (issue 42, branch h42c): a language the flow does not ship ("xx") is refused by
-- name, not stored. Fuzzed step views and leads stored "xx": language_arg checked only the shape of a
-- BCP 47 tag.
--
-- Each flow's languages (its `languages.available` and `drafts`, or the language of its locale) are
-- registered per flow, as its lead form rules are: public.register_flow_languages, called by the local
-- backend at start and by a deploy for hosted Supabase (service role only). A row's language is then
-- judged by its primary subtag ("en-US" counts as "en"):
-- - the row names a registered flow: one of that flow's languages;
-- - it names none, or an unregistered one: one of any registered flow's languages;
-- - no flow registered at all (a deploy that has not registered them yet): any well-formed tag, as before.
-- Refused: SQLSTATE 22023 'language: …', naming the field, like every RPC field.
--
-- Triggers on the two tables, so no RPC body is copied (track_step_view and save_quiz_completion merge
-- untouched): the error still comes from the RPC's own statement.

create table funnel_private.flow_languages (
  flow_id text primary key check (flow_id ~ '^[a-z][a-z0-9_-]{0,62}$'),
  languages text[] not null check (cardinality(languages) between 1 and 100),
  registered_at timestamptz not null default now()
);
comment on table funnel_private.flow_languages is
  'The languages each flow ships (from its flow file); a row in any other language is refused. Not reachable by browser roles.';
alter table funnel_private.flow_languages enable row level security;
revoke all on funnel_private.flow_languages from public, anon, authenticated;

-- The deploy's (service role) and the local backend's way in: the flow's languages replace its old ones.
create function public.register_flow_languages(flow_id jsonb, languages jsonb) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_flow text := funnel_private.name_arg('flow_id', register_flow_languages.flow_id, true);
  v_languages text[];
  v_item jsonb;
begin
  if languages is null or jsonb_typeof(languages) <> 'array' or jsonb_array_length(languages) = 0 then
    perform funnel_private.invalid('languages', 'must be a non-empty list of language tags such as ["en", "es"]');
  end if;
  for v_item in select l.value from jsonb_array_elements(languages) as l loop
    v_languages := v_languages || funnel_private.language_arg('languages', v_item);
  end loop;
  insert into funnel_private.flow_languages as f (flow_id, languages) values (v_flow, v_languages)
  on conflict (flow_id) do update set languages = excluded.languages, registered_at = now();
end;
$$;
comment on function public.register_flow_languages is
  'Register the languages a flow ships (its languages.available and drafts); rows in any other language are refused. Service role only.';

-- The languages a row of `flow_id` may carry (primary subtags, lower case), or null when any well-formed
-- tag may (no flow registered).
create function funnel_private.known_languages(flow_id text) returns text[]
language sql stable set search_path = '' as $$
  select coalesce(
    (select array_agg(distinct lower(split_part(l, '-', 1)) order by lower(split_part(l, '-', 1)))
       from funnel_private.flow_languages f, unnest(f.languages) as l where f.flow_id = known_languages.flow_id),
    (select array_agg(distinct lower(split_part(l, '-', 1)) order by lower(split_part(l, '-', 1)))
       from funnel_private.flow_languages f, unnest(f.languages) as l)
  )
$$;

create function funnel_private.known_language() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_known text[];
begin
  if new.language is null then return new; end if;
  v_known := funnel_private.known_languages(new.flow_id);
  if v_known is not null and not lower(split_part(new.language, '-', 1)) = any (v_known) then
    perform funnel_private.invalid('language',
      format('is not a language this flow ships (%s)', array_to_string(v_known, ', ')));
  end if;
  return new;
end;
$$;
create trigger known_language before insert or update of language, flow_id on public.quiz_step_tracking
  for each row execute function funnel_private.known_language();
create trigger known_language before insert or update of language, flow_id on public.quiz_completions
  for each row execute function funnel_private.known_language();

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
revoke execute on function public.register_flow_languages(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.register_flow_languages(jsonb, jsonb) to service_role;
