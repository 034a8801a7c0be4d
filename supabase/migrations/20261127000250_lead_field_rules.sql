-- Lead form field rules (issue 27): tel, number (min/max), a pattern such as a ZIP code with its own
-- message, a select and a required consent tick box. Each rule is declared once, on the field in the
-- flow file; src/engine/field-rules.ts turns the flow's fields into rules, which the browser applies and
-- which are registered here per flow (public.register_lead_fields, called by the local backend at start
-- and by the deploy for hosted Supabase). save_quiz_completion then judges the lead's answers by the
-- same rules, with the same messages, naming the field: SQLSTATE 22023 '<field>: <message>'.
-- A flow with no registered rules is saved as before. tests/lead-field-rules.test.ts runs both sides.

create table funnel_private.lead_field_rules (
  flow_id text primary key check (flow_id ~ '^[a-z][a-z0-9_-]{0,62}$'),
  -- [{ name, type, required, pattern?, min?, max?, maxLength?, options?, message }], as fieldRule() makes them.
  rules jsonb not null check (jsonb_typeof(rules) = 'array' and octet_length(rules::text) <= 65536),
  registered_at timestamptz not null default now()
);
comment on table funnel_private.lead_field_rules is
  'The form field rules of each flow (from its flow file), applied to every full lead of that flow. Not reachable by browser roles.';
alter table funnel_private.lead_field_rules enable row level security;
revoke all on funnel_private.lead_field_rules from public, anon, authenticated;

-- One rule applied to one answer. The pattern is anchored on both sides: the whole trimmed value must match.
create function funnel_private.lead_field_arg(rule jsonb, value jsonb) returns void
language plpgsql immutable as $$
declare
  v_field text := rule->>'name';
  v_message text := rule->>'message';
  v_type text := rule->>'type';
  v_text text;
  v_number numeric;
begin
  if value is not null and jsonb_typeof(value) not in ('null', 'string', 'number') then
    perform funnel_private.invalid(v_field, 'must be text');
  end if;
  v_text := nullif(btrim(value #>> '{}'), '');
  if v_type = 'checkbox' then
    if (rule->>'required')::boolean and v_text is distinct from 'yes' then
      perform funnel_private.invalid(v_field, v_message);
    end if;
    return;
  end if;
  if v_text is null then
    if (rule->>'required')::boolean then perform funnel_private.invalid(v_field, 'is required'); end if;
    return;
  end if;
  if v_text ~ '[[:cntrl:]]' then
    perform funnel_private.invalid(v_field, 'must not contain control characters');
  end if;
  if rule ? 'maxLength' and char_length(v_text) > (rule->>'maxLength')::integer then
    perform funnel_private.invalid(v_field, v_message);
  end if;
  if rule ? 'pattern' and v_text !~ ('^(?:' || (rule->>'pattern') || ')$') then
    perform funnel_private.invalid(v_field, v_message);
  end if;
  if v_type = 'select' and not coalesce(rule->'options', '[]'::jsonb) ? v_text then
    perform funnel_private.invalid(v_field, v_message);
  end if;
  if v_type = 'number' then
    -- The same shape as field-rules.ts's NUMBER_PATTERN, so no text reaches the cast that it would refuse.
    if v_text !~ '^(?:-?[0-9]+([.][0-9]+)?)$' then perform funnel_private.invalid(v_field, v_message); end if;
    v_number := v_text::numeric;
    if (rule ? 'min' and v_number < (rule->>'min')::numeric) or (rule ? 'max' and v_number > (rule->>'max')::numeric) then
      perform funnel_private.invalid(v_field, v_message);
    end if;
  end if;
end;
$$;

-- Every registered rule of the lead's flow against its answers. A partial lead (the visitor left while
-- typing) is kept as typed: her full lead, if she sends the form, is judged in full.
create function funnel_private.lead_fields_arg(flow_id text, answers jsonb, partial boolean) returns void
language plpgsql stable as $$
declare
  v_rule jsonb;
begin
  if flow_id is null or partial then return; end if;
  for v_rule in
    select r.value from funnel_private.lead_field_rules f, jsonb_array_elements(f.rules) as r
    where f.flow_id = lead_fields_arg.flow_id
  loop
    perform funnel_private.lead_field_arg(v_rule, coalesce(answers, '{}'::jsonb)->(v_rule->>'name'));
  end loop;
end;
$$;

-- The deploy's (service role) and the local backend's way in: the flow's rules replace its old ones.
create function public.register_lead_fields(flow_id jsonb, rules jsonb) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_flow text := funnel_private.name_arg('flow_id', register_lead_fields.flow_id, true);
  v_rule jsonb;
begin
  if rules is null or jsonb_typeof(rules) <> 'array' then
    perform funnel_private.invalid('rules', 'must be a list of field rules');
  end if;
  for v_rule in select r.value from jsonb_array_elements(rules) as r loop
    perform funnel_private.name_arg('rules.name', to_jsonb(lower(v_rule->>'name')), true);
    perform funnel_private.enum_arg('rules.type', v_rule->'type', array['text', 'tel', 'number', 'select', 'checkbox'], true);
    perform funnel_private.text_arg('rules.message', v_rule->'message', 160, true);
  end loop;
  insert into funnel_private.lead_field_rules as f (flow_id, rules) values (v_flow, rules)
  on conflict (flow_id) do update set rules = excluded.rules, registered_at = now();
end;
$$;
comment on function public.register_lead_fields is
  'Register a flow''s form field rules (src/engine/field-rules.ts leadFieldRules), applied by save_quiz_completion to its full leads. Service role only.';

drop function public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);

-- Copied from 20261123000400_meta_conversions.sql; the only change is the one line marked i27-brand.
create function public.save_quiz_completion(
  id jsonb, session_id jsonb, name jsonb, email jsonb, age jsonb default null,
  skin_issues jsonb default null, change_speed jsonb default null, other_symptoms jsonb default null,
  skin_treatments jsonb default null, hrt jsonb default null, campaign jsonb default null,
  answers jsonb default null, flow_id jsonb default null, flow_version jsonb default null,
  variants jsonb default null, meta jsonb default null, partial jsonb default null
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
    array['6-12-months', '1-2-years', '3-plus-years', 'no-significant'], false);
  v_other_symptoms text[] := funnel_private.list_arg('other_symptoms', save_quiz_completion.other_symptoms, 20, 120);
  v_skin_treatments text[] := funnel_private.list_arg('skin_treatments', save_quiz_completion.skin_treatments, 20, 120);
  v_hrt text := funnel_private.enum_arg('hrt', save_quiz_completion.hrt, array['yes', 'no', 'past'], false);
  v_campaign jsonb := funnel_private.campaign_arg('campaign', save_quiz_completion.campaign);
  v_answers jsonb := funnel_private.answers_arg('answers', save_quiz_completion.answers);
  v_flow text := funnel_private.name_arg('flow_id', save_quiz_completion.flow_id, false);
  v_flow_version integer := funnel_private.int_arg('flow_version', save_quiz_completion.flow_version, 0, 1000000, false);
  v_variants jsonb := funnel_private.variants_arg('variants', save_quiz_completion.variants);
  v_meta jsonb := funnel_private.meta_arg('meta', save_quiz_completion.meta);
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
      partial = v_partial, ad_consent = coalesce(v_meta->>'consent', c.ad_consent),
      submitted_at = now()
    where c.id = v_existing;
    get diagnostics v_written = row_count;
  else
    insert into public.quiz_completions (
      id, session_id, name, email, age, skin_issues, change_speed, other_symptoms, skin_treatments, hrt,
      utm_source, utm_medium, utm_campaign, utm_term, utm_content, fbclid, gclid,
      answers, flow_id, flow_version, variants, partial, ad_consent
    ) values (
      v_id, v_session, v_name, v_email, v_age, v_skin_issues, v_change_speed, v_other_symptoms,
      v_skin_treatments, v_hrt,
      v_campaign->>'utm_source', v_campaign->>'utm_medium', v_campaign->>'utm_campaign',
      v_campaign->>'utm_term', v_campaign->>'utm_content', v_campaign->>'fbclid', v_campaign->>'gclid',
      v_answers, v_flow, v_flow_version, v_variants, v_partial, v_meta->>'consent'
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
  'Save a lead (or, with partial, a partial lead upgraded in place later) with every answer of its flow, the flow id and version, the campaign, variants and ad consent; queues the server-side Lead when meta is given. Returns only the id.';

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
revoke execute on function public.register_lead_fields(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.register_lead_fields(jsonb, jsonb) to service_role;
grant execute on function
  public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)
  to anon;
