-- Hardening, round 4 (issue 42, branch h42c): the one email rule refuses invisible, space-like and
-- text-direction characters and markup's < and >. Fuzzed leads stored addresses with a zero-width
-- space, a right-to-left override and `<script>`. The character class below is src/engine/email-rule.ts's
-- EMAIL_FORBIDDEN and the pattern its EMAIL_PATTERN, character for character (tests/email-rule.test.ts
-- fails if they differ, and runs both engines on every sample). Only email_arg changes: every RPC that
-- takes an email calls it.

create or replace function funnel_private.email_arg(field text, value jsonb, required boolean) returns text
language plpgsql immutable as $$
declare
  result text;
begin
  if value is not null and jsonb_typeof(value) = 'string' and char_length(btrim(value #>> '{}')) > 254 then
    perform funnel_private.invalid(field, 'is too long: an email address has at most 254 characters');
  end if;
  result := funnel_private.text_arg(field, value, 254, required);
  if result is not null and result ~ '[<>\u0001-\u0008\u000e-\u001f\u007f-\u00a0\u00ad\u061c\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\ufff9-\ufffb]' then
    perform funnel_private.invalid(field, 'must not hold hidden or text-direction characters, nor < or >');
  end if;
  if result is not null and result !~ '^[^@ \t\n\r\f\v]+@[^@ \t\n\r\f\v.]+([.][^@ \t\n\r\f\v.]+)+$' then
    perform funnel_private.invalid(field, 'must be an email address like name@example.com');
  end if;
  return result;
end;
$$;
comment on function funnel_private.email_arg is
  'The shared email rule (src/engine/email-rule.ts): trimmed text of at most 254 characters, no hidden, space-like or text-direction character nor < >, one @, no whitespace, a dotted domain; 22023 ''<field>: …'' otherwise.';

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
