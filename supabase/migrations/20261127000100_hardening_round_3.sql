-- Hardening, round 3 (issue 28, branch i28-hardening). Everything here is triggers and funnel_private
-- helpers: no public RPC body is copied, so the RPCs other branches change merge untouched.
--
-- 1. The strictest consent wins. A recorded refusal (record_ad_consent 'denied') is never overridden
--    by what a later save or click claims: no Meta event of that session is queued, whatever its name
--    or claim; a refusal recorded after an event was queued deletes the undelivered ones; the lead row
--    says 'denied'.
-- 2. The journey row follows the lead row: a saved (not partial) lead sets its session's completed_form,
--    a lead marked clicked sets its clicked_final_cta.
-- 3. Session-scoped values anon can write are bounded to what the funnel can produce: the time spent
--    never exceeds the session's age (plus a minute for the browser's clock starting before the first
--    request lands), so it grows at most by the time since the last update; clicked_final_cta (journey
--    row and assessment) only for a session that saved a lead.
-- 4. An over-long email is told it is too long (the browser says the same: src/engine/email-rule.ts).

-- 1. Consent ------------------------------------------------------------------------------------------

create function funnel_private.decided_consent(session uuid) returns text
language sql stable set search_path = '' as $$
  select c.consent from funnel_private.ad_consents c where c.session_id = session
$$;

-- Every queued event passes here, whoever queues it: a refused session's event is dropped, a granted
-- session's held ('pending') event is released.
create function funnel_private.meta_event_consent() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_decided text := funnel_private.decided_consent(new.session_id);
begin
  if v_decided = 'denied' then return null; end if;
  if v_decided = 'granted' and new.consent = 'pending' then new.consent := 'granted'; end if;
  return new;
end;
$$;
create trigger strictest_consent before insert or update on funnel_private.meta_events
  for each row execute function funnel_private.meta_event_consent();

-- The lead row records the strictest consent too.
create function funnel_private.lead_consent() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.ad_consent is not null and funnel_private.decided_consent(new.session_id) = 'denied' then
    new.ad_consent := 'denied';
  end if;
  return new;
end;
$$;
create trigger strictest_consent before insert or update of ad_consent on public.quiz_completions
  for each row execute function funnel_private.lead_consent();

-- A refusal recorded after an event was queued (as granted or not needed) still stops its delivery.
create function funnel_private.consent_refused() returns trigger
language plpgsql set search_path = '' as $$
begin
  delete from funnel_private.meta_events e where e.session_id = new.session_id and e.delivered_at is null;
  update public.quiz_completions c set ad_consent = 'denied'
  where c.session_id = new.session_id and c.ad_consent is distinct from 'denied' and c.ad_consent is not null;
  return null;
end;
$$;
create trigger refusal_holds after insert or update on funnel_private.ad_consents
  for each row when (new.consent = 'denied') execute function funnel_private.consent_refused();

-- 2 and 3. The journey row ----------------------------------------------------------------------------

create function funnel_private.saved_lead(session uuid) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from public.quiz_completions c where c.session_id = session and not c.partial)
$$;

create function funnel_private.journey_bounds() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_old_minutes numeric := case when tg_op = 'UPDATE' then old.time_spent_minutes else 0 end;
  v_created timestamptz := case when tg_op = 'UPDATE' then old.created_at else now() end;
  v_possible numeric := round((extract(epoch from now() - v_created) / 60 + 1)::numeric, 2);
begin
  -- An insert that will meet its conflict is bounded by the update that follows (against the old row):
  -- bounding it here would hand the update an `excluded` already cut to a new session's minute.
  if tg_op = 'INSERT' and exists (select 1 from public.user_journey_sessions s where s.session_id = new.session_id) then
    return new;
  end if;
  if new.time_spent_minutes > v_old_minutes then
    new.time_spent_minutes := greatest(v_old_minutes, least(new.time_spent_minutes, v_possible, 1440));
  end if;
  if new.clicked_final_cta and not (tg_op = 'UPDATE' and old.clicked_final_cta)
     and not funnel_private.saved_lead(new.session_id) then
    new.clicked_final_cta := false;
  end if;
  return new;
end;
$$;
create trigger bounded before insert or update on public.user_journey_sessions
  for each row execute function funnel_private.journey_bounds();

create function funnel_private.assessment_bounds() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.clicked_final_cta and not (tg_op = 'UPDATE' and old.clicked_final_cta)
     and not funnel_private.saved_lead(new.session_id) then
    new.clicked_final_cta := false;
  end if;
  return new;
end;
$$;
create trigger bounded before insert or update on public.user_assessments
  for each row execute function funnel_private.assessment_bounds();

create function funnel_private.journey_follows_lead() returns trigger
language plpgsql set search_path = '' as $$
begin
  insert into public.user_journey_sessions as s (session_id, completed_form, clicked_final_cta)
  values (new.session_id, true, new.clicked_final_cta)
  on conflict (session_id) do update set
    completed_form = true,
    clicked_final_cta = s.clicked_final_cta or excluded.clicked_final_cta;
  return null;
end;
$$;
create trigger journey_follows after insert or update of partial, clicked_final_cta on public.quiz_completions
  for each row when (not new.partial) execute function funnel_private.journey_follows_lead();

-- 4. The email rule, as in 20261123000100_email_rule.sql, with the length told as "too long" ---------

create or replace function funnel_private.email_arg(field text, value jsonb, required boolean) returns text
language plpgsql immutable as $$
declare
  result text;
begin
  if value is not null and jsonb_typeof(value) = 'string' and char_length(btrim(value #>> '{}')) > 254 then
    perform funnel_private.invalid(field, 'is too long: an email address has at most 254 characters');
  end if;
  result := funnel_private.text_arg(field, value, 254, required);
  if result is not null and result !~ '^[^@ \t\n\r\f\v]+@[^@ \t\n\r\f\v.]+([.][^@ \t\n\r\f\v.]+)+$' then
    perform funnel_private.invalid(field, 'must be an email address like name@example.com');
  end if;
  return result;
end;
$$;

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
