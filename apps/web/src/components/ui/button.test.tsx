import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('is an uppercase indigo button of type "button" by default', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('uppercase');
    expect(button.className).toContain('bg-indigo-600');
    expect(button.className).toContain('text-white');
  });

  it('passes its props on and calls onClick', async () => {
    const onClick = vi.fn();
    render(
      <Button type="submit" className="w-full" aria-describedby="hint" onClick={onClick}>
        Login
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Login' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.getAttribute('aria-describedby')).toBe('hint');
    expect(button.className).toContain('w-full');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not react to clicks when disabled and looks disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Processing
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Processing' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.className).toContain('disabled:opacity-60');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('forwards its ref to the button element', () => {
    let element: HTMLButtonElement | null = null;
    render(<Button ref={(node) => void (element = node)}>Go</Button>);
    expect(element).toBe(screen.getByRole('button', { name: 'Go' }));
  });

  it('keeps the focus while busy and ignores presses until the work is done', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>E-mail receipt</Button>);
    const button = screen.getByRole('button', { name: 'E-mail receipt' });
    button.focus();
    rerender(
      <Button onClick={onClick} isBusy>
        E-mail receipt
      </Button>,
    );
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    rerender(<Button onClick={onClick}>E-mail receipt</Button>);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(button);
  });
});
