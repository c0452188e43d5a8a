/**
 * A bordered panel with an optional heading: what antd's small Card draws, without the Card
 * component, which imports Tabs (for its tab list) and so put ~12 KB compressed into the
 * dashboard's first load (bundle-size test, 350 KB). A titled panel is a `section` named by its
 * heading, so a screen reader lists it as a region.
 */
import { useId, type CSSProperties, type ReactNode } from 'react';
import { theme } from 'antd';

export interface PanelProps {
  /** The heading (an h3 under the screen's h2 title, styled as antd's card title); none: a plain bordered box. */
  title?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
}

export function Panel({ title, children, style }: PanelProps) {
  const { token } = theme.useToken();
  const headingId = useId();
  const box: CSSProperties = {
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    color: token.colorText,
    ...style,
  };
  const body = <div style={{ padding: token.paddingSM }}>{children}</div>;
  if (title === undefined) return <div style={box}>{body}</div>;
  return (
    <section aria-labelledby={headingId} style={box}>
      <h3
        id={headingId}
        style={{
          margin: 0,
          paddingInline: token.paddingSM,
          minHeight: 38,
          display: 'flex',
          alignItems: 'center',
          fontSize: token.fontSize,
          fontWeight: token.fontWeightStrong,
          borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        }}
      >
        {title}
      </h3>
      {body}
    </section>
  );
}
