import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

export const HOLD_STEP = 4;
export const HOLD_TICK_MS = 50;
export const HOLD_RESET_MS = 2500;

/**
 * docs/product.md §4: fills 0 → 100 in steps of 4 every 50 ms while held, submits at 100, and resets if released
 * for 2.5 s. Keyboard users hold Space or Enter.
 */
export function HoldToConfirmButton({
  label,
  onConfirm,
  disabled,
}: {
  label: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const [progress, setProgress] = useState(0);
  const [holding, setHolding] = useState(false);
  const fired = useRef(false);
  const reset = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!holding || disabled) return;
    const tick = setInterval(() => setProgress((value) => Math.min(100, value + HOLD_STEP)), HOLD_TICK_MS);
    return () => clearInterval(tick);
  }, [holding, disabled]);

  useEffect(() => {
    if (progress >= 100 && !fired.current) {
      fired.current = true;
      setHolding(false);
      onConfirm();
    }
  }, [progress, onConfirm]);

  useEffect(() => {
    if (disabled) return;
    if (!disabled && progress === 0) fired.current = false;
  }, [disabled, progress]);

  const start = () => {
    if (disabled || fired.current) return;
    if (reset.current) clearTimeout(reset.current);
    setHolding(true);
  };
  const stop = () => {
    setHolding(false);
    if (reset.current) clearTimeout(reset.current);
    reset.current = setTimeout(() => {
      if (!fired.current) setProgress(0);
    }, HOLD_RESET_MS);
  };
  useEffect(
    () => () => {
      if (reset.current) clearTimeout(reset.current);
    },
    [],
  );

  return (
    <Box>
      <Button
        fullWidth
        size="large"
        variant="contained"
        disabled={disabled}
        onPointerDown={start}
        onPointerUp={stop}
        onPointerLeave={() => holding && stop()}
        onKeyDown={(event) => {
          if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
            event.preventDefault();
            start();
          }
        }}
        onKeyUp={(event) => {
          if (event.key === ' ' || event.key === 'Enter') stop();
        }}
        onContextMenu={(event) => event.preventDefault()}
        aria-describedby="hold-hint"
        sx={{ userSelect: 'none', touchAction: 'none', position: 'relative', overflow: 'hidden' }}
      >
        {progress >= 100 ? 'Sending...' : label}
      </Button>
      <LinearProgress
        variant="determinate"
        value={progress}
        sx={{ mt: 1, height: 8, borderRadius: 4 }}
        // The hold's progress is announced here (a progressbar); a button may not carry a value.
        aria-label="Hold progress"
      />
      <Typography id="hold-hint" variant="caption" color="text.secondary">
        Press and hold to confirm
      </Typography>
    </Box>
  );
}
