/** The German of ./messages.ts, key for key (tests/unit/messages.test.ts); the declaration carries it. */
export const statisticsMessagesDe = {
  pages: {
    statistics: {
      menu: 'Statistik',
      title: 'Statistik',
      period: 'Letzter Monat, pro Tag (UTC): seit %{date}',
      loading: 'Statistik wird geladen',
      filter: {
        business: 'Unternehmen',
        all: 'Alle Unternehmen',
        loadFailed: 'Unternehmen konnten nicht geladen werden',
      },
      totals: {
        deposits: 'Einzahlungen',
        withdrawals: 'Auszahlungen',
        count: 'Anzahl',
        volume: 'Volumen in %{currency}',
      },
      charts: {
        deposits: 'Einzahlungen pro Tag',
        withdrawals: 'Auszahlungen pro Tag',
      },
      chartSummary: '%{title} vom %{from} bis %{to}: insgesamt %{count}, %{volume}',
      showTable: 'Als Tabelle anzeigen',
      table: {
        date: 'Datum',
        count: 'Anzahl',
        volume: 'Volumen in %{currency}',
        byCurrency: 'Nach Währung',
      },
      empty: {
        deposits: 'Keine Einzahlungen in diesem Zeitraum',
        withdrawals: 'Keine Auszahlungen in diesem Zeitraum',
      },
      topCoins: {
        deposits: 'Top-Coins: Einzahlungen',
        withdrawals: 'Top-Coins: Auszahlungen',
        coin: 'Coin',
        count: 'Anzahl',
        volume: 'Volumen',
        settlementVolume: 'Volumen in %{currency}',
        percent: 'Anteil',
        other: 'Sonstige',
      },
      balances: {
        title: 'Abrechnungsguthaben',
        currency: 'Währung',
        amount: 'Guthaben',
        uniform: 'Wert in %{currency}',
        total: 'Gesamt in %{currency}',
        empty: 'Noch keine Guthaben.',
      },
    },
  },
};
