-- Purchases come back from the sales page (issue 45 points 2 and 3).
--
-- The purchases edge function (supabase/functions/purchases; shared code in _shared/purchases.ts)
-- verifies a Stripe webhook or a signed postback and calls public.record_purchase with the service role.
-- Each purchase is stored once (unique by source and the shop's own id); a refund is a negative entry
-- linked to its purchase. The purchase is matched to a visit by client_reference_id (the session id the
-- redirect carried), else by the SHA-256 of the email (the plain email never reaches the database); the
-- visit's lead, flow revision, experiment arms, source, campaign, device and language are copied onto the
-- row when it is stored, so the report groups money without a join. A purchase that matches no visit is
-- kept with session_id null (counted as unmatched, never dropped).
--
-- A matched purchase queues a server-side Purchase for the Conversions API, with the user data of the
-- session's own Lead event (hashed email, fbp, fbc, address, user agent) and its consent: a session with
-- no queued Lead (no pixel, or a declined visitor) gets no Purchase; a pending one waits as the Lead does.
--
-- Redefined: nothing. The meta_events event_name check gains 'Purchase'.

create table public.purchases (
  id bigint generated always as identity primary key,
  source text not null check (source in ('stripe', 'postback')),
  -- The shop's own id of this entry: a Checkout Session id, a refund's key, a postback's order id.
  external_id text not null check (char_length(external_id) between 1 and 200),
  -- The payment it belongs to (Stripe's payment_intent), so a refund finds its purchase.
  payment_ref text check (char_length(payment_ref) <= 200),
  kind text not null check (kind in ('purchase', 'refund')),
  refund_of bigint references public.purchases (id),
  -- Minor units (cents); negative for a refund.
  amount_minor bigint not null check (abs(amount_minor) < 100000000000),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  session_id uuid,
  matched_by text check (matched_by in ('reference', 'email')),
  lead_id uuid,
  flow_id text,
  revision text not null default 'unknown' check (revision ~ '^([0-9a-f]{12}|unknown)$'),
  arms jsonb not null default '{}',
  utm_source text,
  utm_campaign text,
  device text,
  language text,
  purchased_at timestamptz not null,
  received_at timestamptz not null default now(),
  unique (source, external_id),
  check ((kind = 'refund') = (amount_minor < 0)),
  check ((session_id is null) = (matched_by is null))
);
comment on table public.purchases is
  'Purchases and refunds reported by the shop (verified webhooks), each stored once, matched to a visit where possible. No personal data. Not reachable by browser roles.';
create index purchases_session_idx on public.purchases (session_id);
create index purchases_payment_idx on public.purchases (source, payment_ref);
create index purchases_day_idx on public.purchases (purchased_at);
alter table public.purchases enable row level security;
revoke all on public.purchases from public, anon, authenticated;

-- Each signed delivery seen (source, the delivery's id, its signed timestamp): the same signed request
-- sent twice is a replay and refused; a new signature over an entry already stored is a redelivery.
create table funnel_private.purchase_deliveries (
  source text not null,
  delivery_id text not null check (char_length(delivery_id) between 1 and 200),
  signed_at bigint not null,
  received_at timestamptz not null default now(),
  primary key (source, delivery_id, signed_at)
);
alter table funnel_private.purchase_deliveries enable row level security;
revoke all on funnel_private.purchase_deliveries from public, anon, authenticated;

alter table funnel_private.meta_events drop constraint meta_events_event_name_check;
alter table funnel_private.meta_events add constraint meta_events_event_name_check
  check (event_name in ('Lead', 'CompleteRegistration', 'Purchase'));

-- Digits after the decimal point of a currency's major unit (ISO 4217; Stripe's zero-decimal list).
create function funnel_private.currency_exponent(currency text) returns integer
language sql immutable as $$
  select case
    when currency in ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX',
                      'VND', 'VUV', 'XAF', 'XOF', 'XPF') then 0
    when currency in ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') then 3
    else 2 end
$$;

-- The Purchase's event id: a UUID derived from the entry alone, the same on every retry and for a
-- sales page pixel that computes it (md5 of 'purchase:<source>:<external id>', as a UUID).
create function funnel_private.purchase_event_id(source text, external_id text) returns uuid
language sql immutable as $$ select md5('purchase:' || source || ':' || external_id)::uuid $$;

-- Queues the Purchase for a matched purchase, with its session's Lead user data and consent.
create function funnel_private.queue_purchase_event(p public.purchases) returns void
language plpgsql as $$
declare
  v_lead record;
  v_consent text;
  v_decided text := (select c.consent from funnel_private.ad_consents c where c.session_id = p.session_id);
  v_exp integer := funnel_private.currency_exponent(p.currency);
begin
  if p.session_id is null or p.kind <> 'purchase' then return; end if;
  select e.payload, e.consent into v_lead from funnel_private.meta_events e
  where e.session_id = p.session_id and e.event_name in ('Lead', 'CompleteRegistration')
  order by (e.event_name = 'Lead') desc, e.id limit 1;
  if not found then return; end if; -- no pixel or no consent for this visit: no event
  v_consent := case when v_lead.consent = 'pending' then coalesce(v_decided, 'pending') else v_lead.consent end;
  if v_consent = 'denied' then return; end if;
  insert into funnel_private.meta_events (event_name, event_id, session_id, consent, payload, revision)
  values ('Purchase', funnel_private.purchase_event_id(p.source, p.external_id), p.session_id, v_consent,
    jsonb_strip_nulls(jsonb_build_object(
      'event_name', 'Purchase',
      'event_time', extract(epoch from p.purchased_at)::bigint,
      'event_id', funnel_private.purchase_event_id(p.source, p.external_id)::text,
      'action_source', 'website',
      'event_source_url', v_lead.payload->'event_source_url',
      'user_data', v_lead.payload->'user_data',
      'custom_data', jsonb_build_object(
        'value', round(p.amount_minor::numeric / (10::numeric ^ v_exp), v_exp),
        'currency', p.currency)
    )), p.revision)
  on conflict on constraint meta_events_event_name_event_id_key do nothing;
end;
$$;

-- Stores one verified purchase or refund (service role only). Returns
-- { status: 'stored' | 'duplicate' | 'replay', id, matched, kind }.
--   entry: { source, delivery_id, signed_at, external_id, kind, amount_minor, currency, purchased_at,
--            payment_ref?, refund_of?, refund_cumulative?, reference?, email_sha256? }
-- A refund names the purchase it returns (refund_of: its external id or payment ref). With
-- refund_cumulative (Stripe's charge.amount_refunded) the entry stores only what is new.
create function public.record_purchase(entry jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_source text := funnel_private.enum_arg('entry.source', entry->'source', array['stripe', 'postback'], true);
  v_delivery text := funnel_private.text_arg('entry.delivery_id', entry->'delivery_id', 200, true);
  v_signed bigint := funnel_private.int_arg('entry.signed_at', entry->'signed_at', 1600000000, 2147483647, true);
  v_external text := funnel_private.text_arg('entry.external_id', entry->'external_id', 200, true);
  v_kind text := funnel_private.enum_arg('entry.kind', entry->'kind', array['purchase', 'refund'], true);
  v_amount bigint := funnel_private.int_arg('entry.amount_minor', entry->'amount_minor', 0, 2147483647, true);
  v_currency text := upper(funnel_private.text_arg('entry.currency', entry->'currency', 3, true));
  v_at timestamptz := to_timestamp(funnel_private.int_arg('entry.purchased_at', entry->'purchased_at', 1600000000, 2147483647, true));
  v_payment text := funnel_private.text_arg('entry.payment_ref', entry->'payment_ref', 200, false);
  v_refund_of text := funnel_private.text_arg('entry.refund_of', entry->'refund_of', 200, false);
  v_cumulative boolean := funnel_private.bool_arg('entry.refund_cumulative', entry->'refund_cumulative', false);
  v_reference text := funnel_private.text_arg('entry.reference', entry->'reference', 200, false);
  v_email_hash text := funnel_private.text_arg('entry.email_sha256', entry->'email_sha256', 64, false);
  v_session uuid;
  v_matched_by text;
  v_original public.purchases;
  v_row public.purchases;
  v_lead record;
  v_written integer;
begin
  if v_currency !~ '^[A-Z]{3}$' then
    perform funnel_private.invalid('entry.currency', 'must be a three-letter ISO 4217 code');
  end if;
  if v_email_hash is not null and v_email_hash !~ '^[0-9a-f]{64}$' then
    perform funnel_private.invalid('entry.email_sha256', 'must be 64 lower-case hexadecimal digits');
  end if;
  insert into funnel_private.purchase_deliveries (source, delivery_id, signed_at)
  values (v_source, v_delivery, v_signed) on conflict do nothing;
  get diagnostics v_written = row_count;
  if v_written = 0 then
    return jsonb_build_object('status', 'replay', 'kind', v_kind);
  end if;
  select * into v_row from public.purchases p where p.source = v_source and p.external_id = v_external;
  if found then
    return jsonb_build_object('status', 'duplicate', 'id', v_row.id, 'matched', v_row.session_id is not null, 'kind', v_row.kind);
  end if;

  if v_kind = 'refund' then
    select * into v_original from public.purchases p
    where p.source = v_source and p.kind = 'purchase' and (p.external_id = v_refund_of or p.payment_ref = v_refund_of)
    order by p.id limit 1;
    if v_cumulative and v_original.id is not null then
      v_amount := v_amount - coalesce((select -sum(r.amount_minor) from public.purchases r where r.refund_of = v_original.id), 0);
    end if;
    if v_amount <= 0 then
      return jsonb_build_object('status', 'duplicate', 'kind', v_kind, 'matched', v_original.session_id is not null);
    end if;
    v_session := v_original.session_id;
    v_matched_by := v_original.matched_by;
  else
    if v_amount <= 0 then
      perform funnel_private.invalid('entry.amount_minor', 'must be more than 0 for a purchase');
    end if;
    -- By the id the redirect carried, when it names a visit this database knows.
    if v_reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select s.session_id into v_session from (
        select j.session_id from public.user_journey_sessions j where j.session_id = v_reference::uuid
        union all select t.session_id from public.quiz_step_tracking t where t.session_id = v_reference::uuid
        union all select c.session_id from public.quiz_completions c where c.session_id = v_reference::uuid) s
      limit 1;
      if v_session is not null then v_matched_by := 'reference'; end if;
    end if;
    -- Else by the email's hash: the newest lead with that email.
    if v_session is null and v_email_hash is not null then
      select c.session_id into v_session from public.quiz_completions c
      where funnel_private.sha256_hex(lower(btrim(c.email))) = v_email_hash
      order by c.partial, c.submitted_at desc limit 1;
      if v_session is not null then v_matched_by := 'email'; end if;
    end if;
  end if;

  select c.id, c.flow_id, c.revision, c.language into v_lead from public.quiz_completions c
  where c.session_id = v_session order by c.partial, c.submitted_at desc limit 1;
  insert into public.purchases (
    source, external_id, payment_ref, kind, refund_of, amount_minor, currency, session_id, matched_by,
    lead_id, flow_id, revision, arms, utm_source, utm_campaign, device, language, purchased_at
  )
  select v_source, v_external, v_payment, v_kind, v_original.id,
    case when v_kind = 'refund' then -v_amount else v_amount end,
    coalesce(v_original.currency, v_currency), v_session, v_matched_by,
    coalesce(v_original.lead_id, v_lead.id),
    coalesce(v_original.flow_id, v_lead.flow_id,
      (select t.flow_id from public.quiz_step_tracking t where t.session_id = v_session order by t.visited_at limit 1)),
    coalesce(v_original.revision, nullif(v_lead.revision, 'unknown'), j.revision, 'unknown'),
    coalesce(v_original.arms, (
      select jsonb_object_agg(a.experiment, a.variant) from (
        select distinct on (e.key) e.key as experiment, e.value ->> 'variant' as variant
        from public.quiz_step_tracking t cross join lateral jsonb_each(coalesce(t.variants, '{}'::jsonb)) e
        where t.session_id = v_session and coalesce(e.value ->> 'override' = 'true', false) = false
        order by e.key, t.visited_at, t.id) a), '{}'),
    coalesce(v_original.utm_source, j.utm_source), coalesce(v_original.utm_campaign, j.utm_campaign),
    coalesce(v_original.device, j.device_class),
    coalesce(v_original.language, v_lead.language,
      (select t.language from public.quiz_step_tracking t where t.session_id = v_session and t.language is not null
        order by t.visited_at limit 1)),
    v_at
  from (select 1) one left join public.user_journey_sessions j on j.session_id = v_session
  returning * into v_row;
  perform funnel_private.queue_purchase_event(v_row);
  return jsonb_build_object('status', 'stored', 'id', v_row.id, 'matched', v_row.session_id is not null, 'kind', v_kind);
end;
$$;
comment on function public.record_purchase is
  'Store one verified purchase or refund once, matched to its visit (reference, then email hash); queues the Conversions API Purchase. Service role only.';

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
revoke execute on function public.record_purchase(jsonb) from public, anon, authenticated;
grant execute on function public.record_purchase(jsonb) to service_role;
