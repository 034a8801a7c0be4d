-- i27-result: the lead keeps the computed results its flow declares (issue 27, "Results travel with the
-- lead"). A flow lists them in `tracking.lead.result` (e.g. the skin funnel's skinAge and
-- hormonalLikelihood); the browser derives them as the visitor saw them and sends them as the new
-- trailing `result` argument of save_quiz_completion, stored in quiz_completions.result. It is checked
-- in the style of `answers` (funnel_private.*_arg, SQLSTATE 22023 '<field>: <reason>', naming the
-- field): null, or an object of at most 50 entries and 4 KB whose keys are computation names and whose
-- values are numbers, texts of at most 500 characters, true/false or null.
--
-- save_quiz_completion is copied from its latest body (20261127003300_overnight_change_speed.sql); the
-- only changes are the lines marked `-- i27-result:`. The signature gains one argument, so the function
-- is dropped and created again, with the same grant as before (execute to anon). An outbox entry an older
-- page stored (without `result`) still goes through.

alter table public.quiz_completions
  add column result jsonb check (jsonb_typeof(result) = 'object' and octet_length(result::text) <= 4096);
comment on column public.quiz_completions.result is
  'The computed results shown to the visitor that the flow saves with its lead (tracking.lead.result), by computation name.';

-- A computation's name: a word, or dotted words for a member of a group ("overview.volume").
create function funnel_private.result_name_pattern() returns text
language sql immutable as $$ select '^[A-Za-z_][A-Za-z0-9_]*([.][A-Za-z_][A-Za-z0-9_]*)*$' $$;

-- The lead's computed results: null, or an object of at most 50 entries and 4 KB (as JSON text), each
-- "<computation>": number | text (at most 500 characters) | true/false | null. Size first, so the key
-- walk is bounded; a key is named in a refusal only once it is known to be a safe name.
create function funnel_private.result_arg(field text, value jsonb) returns jsonb
language plpgsql immutable as $$
declare
  item record;
begin
  if value is null or jsonb_typeof(value) = 'null' then return null; end if;
  if jsonb_typeof(value) <> 'object' then
    perform funnel_private.invalid(field, 'must be an object of computed results');
  end if;
  if octet_length(value::text) > 4096 then
    perform funnel_private.invalid(field, 'must be at most 4 KB');
  end if;
  if (select count(*) from jsonb_object_keys(value)) > 50 then
    perform funnel_private.invalid(field, 'must have at most 50 results');
  end if;
  for item in select e.key, e.value as raw from jsonb_each(result_arg.value) as e loop
    if char_length(item.key) > 64 or item.key !~ funnel_private.result_name_pattern() then
      perform funnel_private.invalid(field, 'names must be computation names (letters, digits, _ and dots, at most 64 characters)');
    end if;
    if jsonb_typeof(item.raw) not in ('number', 'string', 'boolean', 'null') then
      perform funnel_private.invalid(field || '.' || item.key, 'must be a number, a text or true/false');
    end if;
    if jsonb_typeof(item.raw) = 'string' and char_length(item.raw #>> '{}') > 500 then
      perform funnel_private.invalid(field || '.' || item.key, 'must be at most 500 characters');
    end if;
  end loop;
  return value;
end;
$$;

drop function public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);

-- i27-result: created again, as its signature gains `result`.
create function public.save_quiz_completion(
  id jsonb, session_id jsonb, name jsonb, email jsonb, age jsonb default null,
  skin_issues jsonb default null, change_speed jsonb default null, other_symptoms jsonb default null,
  skin_treatments jsonb default null, hrt jsonb default null, campaign jsonb default null,
  answers jsonb default null, flow_id jsonb default null, flow_version jsonb default null,
  variants jsonb default null, meta jsonb default null, partial jsonb default null,
  result jsonb default null -- i27-result: the flow's computed results (tracking.lead.result)
) returns uuid
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_partial boolean := funnel_private.bool_arg('partial', save_quiz_completion.partial, false);
  v_id uuid := funnel_private.uuid_arg('id', save_quiz_completion.id, true);
  v_session uuid := funnel_private.uuid_arg('session_id', save_quiz_completion.session_id, true);
  v_name text := funnel_private.text_arg('name', save_quiz_completion.name, 200, not v_partial);
  -- The one email rule, shared with the browser (migration 20261123000100).
  v_email text := funnel_private.email_arg('email', save_quiz_completion.email, true);
  v_age integer := funnel_private.int_arg('age', save_quiz_completion.age, 0, 130, false);
  v_skin_issues text[] := funnel_private.list_arg('skin_issues', save_quiz_completion.skin_issues, 20, 120);
  v_change_speed text := funnel_private.enum_arg('change_speed', save_quiz_completion.change_speed,
    -- i33-honest: 'overnight' ("It felt like overnight") is stored as the fastest change, not as 'no-significant'.
    array['6-12-months', '1-2-years', '3-plus-years', 'no-significant', 'overnight'], false);
  v_other_symptoms text[] := funnel_private.list_arg('other_symptoms', save_quiz_completion.other_symptoms, 20, 120);
  v_skin_treatments text[] := funnel_private.list_arg('skin_treatments', save_quiz_completion.skin_treatments, 20, 120);
  v_hrt text := funnel_private.enum_arg('hrt', save_quiz_completion.hrt, array['yes', 'no', 'past'], false);
  v_campaign jsonb := funnel_private.campaign_arg('campaign', save_quiz_completion.campaign);
  v_answers jsonb := funnel_private.answers_arg('answers', save_quiz_completion.answers);
  v_flow text := funnel_private.name_arg('flow_id', save_quiz_completion.flow_id, false);
  v_flow_version integer := funnel_private.int_arg('flow_version', save_quiz_completion.flow_version, 0, 1000000, false);
  v_variants jsonb := funnel_private.variants_arg('variants', save_quiz_completion.variants);
  v_meta jsonb := funnel_private.meta_arg('meta', save_quiz_completion.meta);
  v_result jsonb := funnel_private.result_arg('result', save_quiz_completion.result); -- i27-result:
  v_existing uuid;
  v_written integer;
begin
  -- i27-brand: the flow's form field rules (tel, number, pattern, select, consent), as the browser applies them.
  perform funnel_private.lead_fields_arg(v_flow, v_answers, v_partial);
  -- The session's partial row, if any (locked: a partial and a full save racing end as one row).
  select c.id into v_existing from public.quiz_completions c
  where c.session_id = v_session and c.partial order by c.submitted_at desc limit 1 for update;
  if v_partial then
    -- A full lead of this session, or this very id already saved, wins over a partial one.
    if exists (select 1 from public.quiz_completions c
               where (c.session_id = v_session and not c.partial) or c.id = v_id and v_existing is distinct from v_id) then
      return v_id;
    end if;
  end if;
  if v_existing is not null and not exists (select 1 from public.quiz_completions c where c.id = v_id and c.id <> v_existing) then
    update public.quiz_completions c set
      id = v_id, name = v_name, email = v_email, age = v_age, skin_issues = coalesce(v_skin_issues, '{}'),
      change_speed = v_change_speed, other_symptoms = coalesce(v_other_symptoms, '{}'),
      skin_treatments = coalesce(v_skin_treatments, '{}'), hrt = v_hrt,
      utm_source = v_campaign->>'utm_source', utm_medium = v_campaign->>'utm_medium',
      utm_campaign = v_campaign->>'utm_campaign', utm_term = v_campaign->>'utm_term',
      utm_content = v_campaign->>'utm_content', fbclid = v_campaign->>'fbclid', gclid = v_campaign->>'gclid',
      answers = v_answers, flow_id = v_flow, flow_version = v_flow_version, variants = v_variants,
      result = v_result, -- i27-result:
      partial = v_partial, ad_consent = coalesce(v_meta->>'consent', c.ad_consent),
      submitted_at = now()
    where c.id = v_existing;
    get diagnostics v_written = row_count;
  else
    insert into public.quiz_completions (
      id, session_id, name, email, age, skin_issues, change_speed, other_symptoms, skin_treatments, hrt,
      utm_source, utm_medium, utm_campaign, utm_term, utm_content, fbclid, gclid,
      answers, flow_id, flow_version, variants, partial, ad_consent,
      result -- i27-result:
    ) values (
      v_id, v_session, v_name, v_email, v_age, v_skin_issues, v_change_speed, v_other_symptoms,
      v_skin_treatments, v_hrt,
      v_campaign->>'utm_source', v_campaign->>'utm_medium', v_campaign->>'utm_campaign',
      v_campaign->>'utm_term', v_campaign->>'utm_content', v_campaign->>'fbclid', v_campaign->>'gclid',
      v_answers, v_flow, v_flow_version, v_variants, v_partial, v_meta->>'consent',
      v_result -- i27-result:
    )
    on conflict (id) do nothing;
    get diagnostics v_written = row_count;
  end if;
  -- Only a full lead is a Lead for Meta; a retried save finds the event already queued.
  if not v_partial and v_written > 0 then
    perform funnel_private.queue_meta_event('Lead', v_id, v_session, v_email, v_name, v_meta);
  end if;
  return v_id;
end;
$$;
comment on function public.save_quiz_completion is
  'Save a lead (or, with partial, a partial lead upgraded in place later) with every answer of its flow, its computed results, the flow id and version, the campaign, variants and ad consent; queues the server-side Lead when meta is given. Returns only the id.';

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
grant execute on function
  public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)
  to anon;
