/**
 * State and city pickers over the country service (§7, §9: Malaysia only), for address forms. The
 * city list depends on the chosen state and waits (disabled) until one is chosen; when the state
 * changes, the form should clear the city. Both lists are cached lookups: a failed call is an
 * empty, still usable picker (§8).
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useCountryStatesQuery, useStateCitiesQuery } from '../store/api.ts';
import { LookupSelect, type LookupSelectProps } from './lookup-select.tsx';

const EMPTY: string[] = [];
const asOption = (name: string) => ({ value: name, label: name });

type PickerProps = Omit<LookupSelectProps<void, string, string>, 'lookup' | 'toOption' | 'arg' | 'mode'>;

/** The states of Malaysia ([] while loading and when the service fails). */
export function useStates(): { states: string[]; loading: boolean } {
  const { data, isFetching } = useCountryStatesQuery();
  return { states: data ?? EMPTY, loading: isFetching };
}

/** The cities of a state; none until a state is given. */
export function useCities(state: string | null | undefined): { cities: string[]; loading: boolean } {
  const { data, isFetching } = useStateCitiesQuery(state ? state : skipToken);
  return { cities: (state && data) || EMPTY, loading: isFetching };
}

export function StatePicker(props: PickerProps) {
  return <LookupSelect lookup={useCountryStatesQuery} toOption={asOption} allowClear {...props} />;
}

/** `state`: the chosen state; without one the picker is disabled and fetches nothing. */
export function CityPicker({ state, ...props }: PickerProps & { state: string | null | undefined }) {
  return <LookupSelect lookup={useStateCitiesQuery} arg={state ? state : skipToken} toOption={asOption} allowClear {...props} />;
}
