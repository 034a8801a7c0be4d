-- The funnel's five tables (spec §3). The browser holds only the anon key, so no table is readable or
-- writable by anon or authenticated: RLS is on, every browser role's privileges are revoked, and every
-- write goes through the validated security definer functions of the next migration.

create table public.user_journey_sessions (
  session_id uuid primary key,
  created_at timestamptz not null default now(),
  last_activity timestamptz not null default now(),
  user_agent text check (char_length(user_agent) <= 512),
  referrer text check (char_length(referrer) <= 2048),
  last_step_reached text check (char_length(last_step_reached) <= 64),
  reached_quiz boolean not null default false,
  reached_photo_upload boolean not null default false,
  reached_analysis boolean not null default false,
  reached_diagnosis boolean not null default false,
  reached_treatment boolean not null default false,
  reached_contact_form boolean not null default false,
  completed_form boolean not null default false,
  clicked_final_cta boolean not null default false,
  total_steps_completed integer not null default 0 check (total_steps_completed between 0 and 12),
  time_spent_minutes numeric(8, 2) not null default 0 check (time_spent_minutes between 0 and 1440)
);
comment on table public.user_journey_sessions is
  'One row per visitor session: the furthest journey step reached (flags only go from false to true) and the time spent.';

create table public.quiz_completions (
  -- The id is the browser outbox's event id, so a retried save writes one row.
  id uuid primary key,
  session_id uuid not null,
  name text not null check (char_length(name) between 1 and 200),
  email text not null check (char_length(email) between 3 and 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  age integer check (age between 0 and 130),
  skin_issues text[] not null default '{}' check (cardinality(skin_issues) <= 20),
  change_speed text check (change_speed in ('6-12-months', '1-2-years', '3-plus-years', 'no-significant')),
  other_symptoms text[] not null default '{}' check (cardinality(other_symptoms) <= 20),
  skin_treatments text[] not null default '{}' check (cardinality(skin_treatments) <= 20),
  hrt text check (hrt in ('yes', 'no', 'past')),
  clicked_final_cta boolean not null default false,
  submitted_at timestamptz not null default now()
);
comment on table public.quiz_completions is
  'A lead: the visitor''s name, email and quiz answers. Personal data: never returned to the browser.';
create index quiz_completions_session_email_idx on public.quiz_completions (session_id, lower(email), submitted_at desc);

create table public.user_assessments (
  id uuid primary key,
  session_id uuid not null,
  clicked_final_cta boolean not null default false,
  created_at timestamptz not null default now()
);
comment on table public.user_assessments is
  'An assessment shown to a visitor (its id is the assessmentData id), and whether the final call to action was clicked.';

create table public.quiz_step_tracking (
  id bigint generated always as identity primary key,
  event_id uuid not null unique,
  session_id uuid not null,
  step_name text not null check (char_length(step_name) between 1 and 64),
  step_number integer not null check (step_number between 0 and 100),
  completed boolean not null default false,
  user_agent text check (char_length(user_agent) <= 512),
  referrer text check (char_length(referrer) <= 2048),
  visited_at timestamptz not null default now()
);
comment on table public.quiz_step_tracking is
  'Every step view (and the treatment-projection-completed event); event_id makes a retried send write one row.';
create index quiz_step_tracking_session_idx on public.quiz_step_tracking (session_id, visited_at);

create table public.session_quiz_progress (
  id bigint generated always as identity primary key,
  session_id uuid not null,
  step_name text not null check (char_length(step_name) between 1 and 64),
  step_number integer not null check (step_number between 0 and 100),
  visited_at timestamptz not null default now(),
  completed boolean not null default false,
  unique (session_id, step_name)
);
comment on table public.session_quiz_progress is 'The steps each session has visited, one row per step name.';

-- Row level security on every table, with no permissive policy: nothing is visible through the API.
-- The restrictive policies keep it that way even if a later migration grants a privilege by mistake.
alter table public.user_journey_sessions enable row level security;
alter table public.quiz_completions enable row level security;
alter table public.user_assessments enable row level security;
alter table public.quiz_step_tracking enable row level security;
alter table public.session_quiz_progress enable row level security;

create policy "browser roles see and change nothing" on public.user_journey_sessions
  as restrictive for all to anon, authenticated using (false) with check (false);
create policy "browser roles see and change nothing" on public.quiz_completions
  as restrictive for all to anon, authenticated using (false) with check (false);
create policy "browser roles see and change nothing" on public.user_assessments
  as restrictive for all to anon, authenticated using (false) with check (false);
create policy "browser roles see and change nothing" on public.quiz_step_tracking
  as restrictive for all to anon, authenticated using (false) with check (false);
create policy "browser roles see and change nothing" on public.session_quiz_progress
  as restrictive for all to anon, authenticated using (false) with check (false);

-- Supabase grants every privilege on new tables to anon and authenticated by default: take them back.
revoke all on table
  public.user_journey_sessions, public.quiz_completions, public.user_assessments,
  public.quiz_step_tracking, public.session_quiz_progress
  from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
