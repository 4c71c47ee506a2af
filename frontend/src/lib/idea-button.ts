/**
 * The floating 'Got an idea?' button steps aside while a button of the page that opens the same suggestion
 * dialog is on screen: on a phone it would cover part of that button at some scroll position (the search's
 * "Can't find it? Suggest this tool"), and two ways to the same dialog side by side say nothing more.
 */
import { useEffect, type RefObject } from 'react';
import { create } from 'zustand';

const useSuggestionOffers = create<{ onScreen: number }>(() => ({ onScreen: 0 }));

/** Whether the floating button should step aside now. */
export function useIdeaButtonHidden(): boolean {
  return useSuggestionOffers((state) => state.onScreen > 0);
}

/** Marks `ref`'s element as one more way to the suggestion dialog: the floating button hides while it shows. */
export function useOffersSuggestion(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !('IntersectionObserver' in window)) return;
    let counted = false;
    const count = (onScreen: boolean) => {
      if (onScreen === counted) return;
      counted = onScreen;
      useSuggestionOffers.setState((state) => ({ onScreen: state.onScreen + (onScreen ? 1 : -1) }));
    };
    const observer = new IntersectionObserver((entries) => count(entries[entries.length - 1]!.isIntersecting));
    observer.observe(element);
    return () => {
      observer.disconnect();
      count(false);
    };
  }, [ref]);
}
