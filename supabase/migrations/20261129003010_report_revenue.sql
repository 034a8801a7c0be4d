-- Money in the report (issue 45 point 4): a per-day aggregate of purchases beside the report's other
-- per-day tables, so the report's cost follows the days asked for, not the purchases ever stored.
--
-- funnel_report.refresh_revenue() folds the purchases stored since its last run into day_revenue
-- (append-only: purchases are never changed once stored; a refund is its own entry), one row per day,
-- flow, currency and dimension values; funnel_report.revenue_by(...) sums it by one dimension.
-- A separate table and refresh step: funnel_report.refresh() and its tables are not touched.
--
-- Redefined: nothing.

create table funnel_report.day_revenue (
  day date not null,
  flow_id text,
  currency text not null,
  arms jsonb not null,
  utm_source text,
  utm_campaign text,
  device text,
  language text,
  revision text not null,
  matched boolean not null,
  purchases integer not null,
  refunds integer not null,
  -- Minor units: what was bought, and what was refunded (a positive number).
  gross bigint not null,
  refunded bigint not null,
  newest_at timestamptz not null
);
create index day_revenue_day_idx on funnel_report.day_revenue (day);
create table funnel_report.revenue_state (
  one boolean primary key default true check (one),
  last_id bigint not null default 0
);
insert into funnel_report.revenue_state default values;
revoke all on funnel_report.day_revenue, funnel_report.revenue_state from public, anon, authenticated;

-- Folds the purchases stored since the last run; returns how many. Safe to run concurrently (the state
-- row is locked), and cheap when nothing is new.
create function funnel_report.refresh_revenue() returns integer
language plpgsql set search_path = '' as $$
declare
  v_last bigint;
  v_next bigint;
  v_count integer;
begin
  select s.last_id into v_last from funnel_report.revenue_state s for update;
  select coalesce(max(p.id), v_last), count(*) into v_next, v_count from public.purchases p where p.id > v_last;
  if v_count = 0 then return 0; end if;
  insert into funnel_report.day_revenue
  select (p.purchased_at at time zone 'UTC')::date, p.flow_id, p.currency, p.arms, p.utm_source, p.utm_campaign,
    p.device, p.language, p.revision, p.session_id is not null,
    (count(*) filter (where p.kind = 'purchase'))::integer, (count(*) filter (where p.kind = 'refund'))::integer,
    coalesce(sum(p.amount_minor) filter (where p.kind = 'purchase'), 0),
    coalesce(-sum(p.amount_minor) filter (where p.kind = 'refund'), 0),
    max(p.purchased_at)
  from public.purchases p where p.id > v_last and p.id <= v_next
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  update funnel_report.revenue_state set last_id = v_next;
  return v_count;
end;
$$;

-- Revenue by one dimension ('total', 'utm_source', 'utm_campaign', 'device', 'language', 'revision',
-- 'arm': "<experiment>:<arm>"), per currency, over the days asked for. Matched purchases of the flow,
-- and (flow null) the unmatched ones, told apart by `matched`.
create function funnel_report.revenue_by(p_dimension text, p_from date, p_to date, p_flow text)
returns table (value text, currency text, matched boolean, purchases bigint, refunds bigint, gross bigint,
  refunded bigint, newest_at timestamptz)
language sql stable set search_path = '' as $$
  select v.value, d.currency, d.matched, sum(d.purchases)::bigint, sum(d.refunds)::bigint, sum(d.gross)::bigint,
    sum(d.refunded)::bigint, max(d.newest_at)
  from funnel_report.day_revenue d
  cross join lateral (
    select case p_dimension
      when 'total' then ''
      when 'utm_source' then coalesce(d.utm_source, '(none)')
      when 'utm_campaign' then coalesce(d.utm_campaign, '(none)')
      when 'device' then coalesce(d.device, 'unknown')
      when 'language' then coalesce(d.language, '(none)')
      when 'revision' then d.revision
    end as value
    where p_dimension <> 'arm'
    union all
    select a.key || ':' || a.value from jsonb_each_text(d.arms) a where p_dimension = 'arm'
  ) v
  where (p_from is null or d.day >= p_from) and (p_to is null or d.day <= p_to)
    -- As the report's other readers: a record without a flow id (older pages) counts for any flow.
    and (p_flow is null or d.flow_id is null or d.flow_id = p_flow)
    and (d.matched or p_dimension = 'total')
  group by 1, 2, 3
  order by 1, 2, 3
$$;
revoke execute on function funnel_report.refresh_revenue(), funnel_report.revenue_by(text, date, date, text)
  from public, anon, authenticated;
