-- Hardening, round 4 (issue 42, branch h42c): a recorded refusal is final for the visit. A later
-- "Allow" from a second tab (whose banner predated the refusal) replaced it, and 1 Meta Lead was queued.
--
-- record_ad_consent gains `reconsidered`: a grant replaces a recorded refusal only when it says so,
-- which the browser sends only after she accepted again with the banner telling her she had declined
-- earlier (src/tracking/meta-pixel.ts `decide`). Any other grant over a refusal changes nothing: the
-- refusal, its deleted events and the lead's 'denied' stand. A refusal always replaces a grant.
-- Copied from 20261123000400_meta_conversions.sql; the changes are the lines marked `-- i42-consent:`.
-- The signature gains an argument, so the function is dropped and created again with the same grant.

drop function public.record_ad_consent(jsonb, jsonb);

create function public.record_ad_consent(
  session_id jsonb, consent jsonb,
  reconsidered jsonb default null -- i42-consent: true only for a grant she confirmed after declining
) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_session uuid := funnel_private.uuid_arg('session_id', record_ad_consent.session_id, true);
  v_consent text := funnel_private.enum_arg('consent', record_ad_consent.consent, array['granted', 'denied'], true);
  v_reconsidered boolean := funnel_private.bool_arg('reconsidered', record_ad_consent.reconsidered, false); -- i42-consent:
begin
  -- i42-consent: a grant over a recorded refusal counts only when she confirmed it as a new choice.
  if v_consent = 'granted' and not v_reconsidered and funnel_private.decided_consent(v_session) = 'denied' then
    return;
  end if;
  insert into funnel_private.ad_consents as a (session_id, consent) values (v_session, v_consent)
  on conflict (session_id) do update set consent = excluded.consent, decided_at = now();
  if v_consent = 'granted' then
    update funnel_private.meta_events set consent = 'granted'
    where session_id = v_session and consent = 'pending';
  else
    delete from funnel_private.meta_events where session_id = v_session and consent = 'pending';
  end if;
  update public.quiz_completions set ad_consent = v_consent
  where session_id = v_session and ad_consent = 'pending';
end;
$$;
comment on function public.record_ad_consent is
  'Record the visitor''s ad consent: granted releases the session''s held Conversions API events, denied deletes them. A recorded refusal is final unless a grant says reconsidered (she confirmed a new choice after being told she declined).';

revoke execute on function public.record_ad_consent(jsonb, jsonb, jsonb) from public, authenticated;
grant execute on function public.record_ad_consent(jsonb, jsonb, jsonb) to anon;
