/**
 * An antd Select over a lookup hook (§4 Lookups): it subscribes to the cached list, shows a
 * spinner while the list loads and "No data" when it is empty. A failed lookup is an empty list
 * (§8), so the picker stays usable; opening a picker asks again for lookups that failed.
 */
import type { ReactNode } from 'react';
import { Empty, Select, Spin, type SelectProps } from 'antd';
import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { retryFailedLookups } from '../store/api.ts';
import { useAppDispatch } from '../store/hooks.ts';

/** What LookupSelect reads of a query hook's result. */
export interface LookupResult<T> {
  data?: readonly T[] | undefined;
  isFetching: boolean;
}

/**
 * A lookup query hook of `store/api.ts`, e.g. `usePaymentMethodListQuery`. Written as a method so
 * that RTK Query's generic hook signatures are accepted whatever their argument type is inferred as.
 */
export type LookupHook<A, T> = { hook(arg: A | SkipToken): LookupResult<T> }['hook'];

export interface LookupOption<V extends string | number> {
  value: V;
  label: ReactNode;
}

/** `arg` may be left out when the lookup takes none; `skipToken` waits (e.g. no state chosen yet). */
type ArgProp<A> = undefined extends A ? { arg?: A | SkipToken } : { arg: A | SkipToken };

export type LookupSelectProps<A, T, V extends string | number> = Omit<SelectProps<V | V[], LookupOption<V>>, 'options' | 'loading' | 'notFoundContent'> &
  ArgProp<A> & {
    lookup: LookupHook<A, T>;
    toOption: (item: T) => LookupOption<V>;
    /** Entries to offer (default: all). */
    filter?: (item: T) => boolean;
  };

export function LookupSelect<A, T, V extends string | number>({ lookup, toOption, filter, onOpenChange, ...props }: LookupSelectProps<A, T, V>) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { arg, ...rest } = props as typeof props & { arg?: A | SkipToken };
  const selectProps = rest as SelectProps<V | V[], LookupOption<V>>;
  const { data, isFetching } = lookup(arg as A | SkipToken);
  const options = (filter ? (data ?? []).filter(filter) : (data ?? [])).map(toOption);
  const waiting = arg === skipToken;

  return (
    <Select<V | V[], LookupOption<V>>
      showSearch={{ optionFilterProp: 'label' }}
      {...selectProps}
      options={options}
      loading={isFetching}
      notFoundContent={isFetching ? <Spin size="small" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />}
      // Waiting (skipToken) disables it; otherwise the Form's disabled state applies as usual.
      disabled={waiting ? true : selectProps.disabled}
      onOpenChange={(open) => {
        if (open) dispatch(retryFailedLookups());
        onOpenChange?.(open);
      }}
    />
  );
}
