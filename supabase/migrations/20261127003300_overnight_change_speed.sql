-- i33-honest: the skin funnel stores "It felt like overnight" as 'overnight', the fastest change (issue 33).
-- Before, the spec's pairing by position stored it as 'no-significant', the slowest; the other three
-- options keep the spec's codes, and 'no-significant' stays valid for leads saved before.
-- The only change to save_quiz_completion (latest body: 20261127000250_lead_field_rules.sql, which
-- added the lines marked `-- i27-brand:`) is the one line marked `-- i33-honest:`.

alter table public.quiz_completions drop constraint quiz_completions_change_speed_check;
alter table public.quiz_completions add constraint quiz_completions_change_speed_check
  check (change_speed in ('6-12-months', '1-2-years', '3-plus-years', 'no-significant', 'overnight'));

create or replace function public.save_quiz_completion(
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
