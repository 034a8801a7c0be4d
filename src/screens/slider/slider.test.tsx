import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenEvent } from '../../engine/events.ts';
import type { Answers, ScreenOfKind } from '../../engine/flow-model.ts';
import { SliderScreen } from './slider.tsx';

const age: ScreenOfKind<'slider'> = {
  kind: 'slider',
  route: '/quiz/age-selection',
  progress: { step: 4, of: 13 },
  question: 'How old are you?',
  answer: 'age',
  min: 35,
  max: 65,
  step: 1,
  default: 50,
  unit: 'years',
  button: 'Continue',
  next: 'cliff-education',
};

function setup(answers: Answers = {}) {
  const send = vi.fn<(event: ScreenEvent) => void>();
  render(
    <SliderScreen
      screen={age}
      answers={answers}
      canContinue
      busy={false}
      error={null}
      photo={null}
      send={send}
    />,
  );
  return { send, user: userEvent.setup() };
}

describe('SliderScreen', () => {
  it('is a range with the screen’s min, max and step, at the default when nothing is stored', () => {
    setup();
    const slider = screen.getByRole('slider', { name: 'How old are you?' });
    expect(slider).toHaveAttribute('type', 'range');
    expect(slider).toHaveAttribute('min', '35');
    expect(slider).toHaveAttribute('max', '65');
    expect(slider).toHaveAttribute('step', '1');
    expect(slider).toHaveValue('50');
    expect(screen.getByTestId('slider-value')).toHaveTextContent('50 years');
  });

  it('shows a stored number', () => {
    setup({ age: 42 });
    expect(screen.getByRole('slider')).toHaveValue('42');
    expect(screen.getByTestId('slider-value')).toHaveTextContent('42 years');
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '42 years');
  });

  it('ignores a stored value that is not a number', () => {
    setup({ age: 'forty' });
    expect(screen.getByRole('slider')).toHaveValue('50');
  });

  it('sends SET_VALUE with a number when moved', () => {
    const { send } = setup();
    fireEvent.change(screen.getByRole('slider'), { target: { value: '57' } });
    expect(send).toHaveBeenCalledWith({ type: 'SET_VALUE', value: 57 });
  });

  it('sends CONTINUE', async () => {
    const { send, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(send).toHaveBeenCalledWith({ type: 'CONTINUE' });
  });
});
