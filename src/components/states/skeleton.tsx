import type { CSSProperties } from 'react';
import './states.css';

/** A placeholder block with the size of the content that is coming. */
export function Skeleton({
  width = '100%',
  height = '1rem',
  style,
}: {
  width?: string;
  height?: string;
  style?: CSSProperties;
}) {
  return <span className="skeleton" aria-hidden="true" style={{ width, height, ...style }} />;
}
