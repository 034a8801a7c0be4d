-- i46-field-speed: the visitor's own speed on every screen (LCP, INP, CLS from web-vitals), as
-- performance data with no personal data, sent under the same rules as step views.
-- Each reading is kept once (by event_id) and counted into a per-day histogram at once: log-spaced
-- buckets 4 % wide (bucket 0 holds readings at or below the metric's floor), with the Core Web Vitals
-- rating beside the bucket so the good / needs-improvement / poor shares are exact. The bucketing is
-- the same as common/field-speed/field-speed-buckets.ts. No refresh is needed: the aggregate is
-- written by the RPC, so the report's refresh is untouched.
-- Functions created here (none redefined): funnel_private.field_value_arg, funnel_private.field_bucket,
-- funnel_private.field_rating, public.track_field_speed.

create table funnel_private.field_readings (
  event_id uuid primary key,
  session_id uuid not null,
  flow_id text,
  screen text not null,
  metric text not null check (metric in ('LCP', 'INP', 'CLS')),
  value double precision not null,
  device text not null check (device in ('mobile', 'tablet', 'desktop')),
  connection text not null,
  language text,
  revision text not null,
  read_at timestamptz not null default now()
);
comment on table funnel_private.field_readings is
  'One web-vitals reading (LCP, INP, CLS) of one screen of one visit: performance data, no personal data.';
alter table funnel_private.field_readings enable row level security;

create table funnel_report.field_speed_daily (
  day date not null,
  flow_id text not null,
  revision text not null,
  screen text not null,
  metric text not null,
  device text not null,
  connection text not null,
  bucket integer not null,
  rating text not null,
  readings bigint not null,
  primary key (day, flow_id, revision, screen, metric, device, connection, bucket, rating)
);
comment on table funnel_report.field_speed_daily is
  'Field speed readings per day, flow, revision, screen, metric, device and connection, as 4 % log buckets.';
alter table funnel_report.field_speed_daily enable row level security;

create function funnel_private.field_value_arg(field text, value jsonb, max_value double precision)
returns double precision
language plpgsql immutable as $$
declare
  result double precision;
begin
  if value is null or jsonb_typeof(value) = 'null' then
    perform funnel_private.invalid(field, 'is required');
  end if;
  if jsonb_typeof(value) <> 'number' then
    perform funnel_private.invalid(field, 'must be a number');
  end if;
  result := (value #>> '{}')::double precision;
  if result < 0 or result > max_value then
    perform funnel_private.invalid(field, format('must be between 0 and %s', max_value));
  end if;
  return result;
end;
$$;

create function funnel_private.field_bucket(metric text, value double precision) returns integer
language sql immutable as $$
  select case when value <= floor_value then 0
    else 1 + floor(ln(value / floor_value) / ln(1.04))::integer end
  from (select case metric when 'CLS' then 0.0001::double precision else 1::double precision end) as f(floor_value)
$$;

create function funnel_private.field_rating(metric text, value double precision) returns text
language sql immutable as $$
  select case when value <= good then 'good' when value <= poor then 'needs-improvement' else 'poor' end
  from (select case metric when 'LCP' then 2500::double precision when 'INP' then 200 else 0.1 end,
               case metric when 'LCP' then 4000::double precision when 'INP' then 500 else 0.25 end) as t(good, poor)
$$;

create function public.track_field_speed(
  event_id jsonb, session_id jsonb, screen jsonb, metric jsonb, value jsonb, device jsonb,
  connection jsonb default null, flow_id jsonb default null, language jsonb default null,
  revision jsonb default null
) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_event uuid := funnel_private.uuid_arg('event_id', track_field_speed.event_id, true);
  v_session uuid := funnel_private.uuid_arg('session_id', track_field_speed.session_id, true);
  v_screen text := funnel_private.step_name_arg('screen', track_field_speed.screen);
  v_metric text := funnel_private.enum_arg('metric', track_field_speed.metric, array['LCP', 'INP', 'CLS'], true);
  v_value double precision := funnel_private.field_value_arg('value', track_field_speed.value,
    case v_metric when 'CLS' then 100 else 600000 end);
  v_device text := funnel_private.enum_arg('device', track_field_speed.device,
    array['mobile', 'tablet', 'desktop'], true);
  v_connection text := coalesce(funnel_private.enum_arg('connection', track_field_speed.connection,
    array['slow-2g', '2g', '3g', '4g', 'unknown'], false), 'unknown');
  v_flow text := funnel_private.name_arg('flow_id', track_field_speed.flow_id, false);
  v_language text := funnel_private.language_arg('language', track_field_speed.language);
  v_revision text := funnel_private.revision_arg('revision', track_field_speed.revision);
  v_inserted uuid;
begin
  insert into funnel_private.field_readings (
    event_id, session_id, flow_id, screen, metric, value, device, connection, language, revision
  ) values (v_event, v_session, v_flow, v_screen, v_metric, v_value, v_device, v_connection, v_language, v_revision)
  on conflict (event_id) do nothing
  returning event_id into v_inserted;
  if v_inserted is null then return; end if;
  insert into funnel_report.field_speed_daily as d (
    day, flow_id, revision, screen, metric, device, connection, bucket, rating, readings
  ) values ((now() at time zone 'utc')::date, coalesce(v_flow, ''), v_revision, v_screen, v_metric, v_device,
    v_connection, funnel_private.field_bucket(v_metric, v_value), funnel_private.field_rating(v_metric, v_value), 1)
  on conflict (day, flow_id, revision, screen, metric, device, connection, bucket, rating)
  do update set readings = d.readings + 1;
end;
$$;
revoke all on function public.track_field_speed(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)
  from public, authenticated;
grant execute on function public.track_field_speed(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)
  to anon;
