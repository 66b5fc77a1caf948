/**
 * Catches a crash inside an island and shows the spec's error overlay ("Error" / "Something went
 * wrong.", translated where available) instead of leaving a broken fragment on the page.
 */
import { Component, type ReactNode } from 'react';
import { reportLater } from '../../lib/error-reporting/hand-over.ts';
import { openOverlay } from '../overlay/store.ts';

/** The crash texts, translated on the server. */
export interface CrashTexts {
  title: string;
  body: string;
}

/** Wraps an island's tree; on a render error it reports and opens the error overlay. */
export class ErrorBoundary extends Component<{ texts: CrashTexts; children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[lobby] an island crashed', error);
    reportLater(error, { mechanism: 'island-crash' });
    openOverlay({ variant: 'error', title: this.props.texts.title, content: this.props.texts.body });
  }

  override render(): ReactNode {
    return this.state.crashed ? null : this.props.children;
  }
}
