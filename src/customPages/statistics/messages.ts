/** The statistics page's strings (also the business detail's statistics child's), merged from the declaration. */
export const statisticsMessages = {
  pages: {
    statistics: {
      menu: 'Statistics',
      title: 'Statistics',
      period: 'Last month, per day (UTC): since %{date}',
      loading: 'Loading statistics',
      filter: {
        business: 'Business',
        all: 'All businesses',
        loadFailed: 'Failed to load businesses',
      },
      totals: {
        deposits: 'Deposits',
        withdrawals: 'Withdrawals',
        count: 'Count',
        volume: 'Volume in %{currency}',
      },
      charts: {
        deposits: 'Deposits per day',
        withdrawals: 'Withdrawals per day',
      },
      chartSummary: '%{title} from %{from} to %{to}: %{count} in all, %{volume}',
      showTable: 'Show as table',
      table: {
        date: 'Date',
        count: 'Count',
        volume: 'Volume in %{currency}',
        byCurrency: 'By currency',
      },
      empty: {
        deposits: 'No deposits in this period',
        withdrawals: 'No withdrawals in this period',
      },
      topCoins: {
        deposits: 'Top coins: deposits',
        withdrawals: 'Top coins: withdrawals',
        coin: 'Coin',
        count: 'Count',
        volume: 'Volume',
        settlementVolume: 'Volume in %{currency}',
        percent: 'Share',
        other: 'Other',
      },
      balances: {
        title: 'Settlement balances',
        currency: 'Currency',
        amount: 'Balance',
        uniform: 'Value in %{currency}',
        total: 'Total in %{currency}',
        empty: 'No balances yet.',
      },
    },
  },
};
