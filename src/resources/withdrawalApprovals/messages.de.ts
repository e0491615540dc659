/** The German of ./messages.ts, key for key (tests/unit/messages.test.ts); the declaration carries it. */
export const withdrawalApprovalMessagesDe = {
  resources: {
    'withdrawal-approvals': {
      name: 'Auszahlungsfreigaben',
      intro:
        'Krypto-Auszahlungen warten hier mit reserviertem Betrag, bis ein anderer Benutzer als ihr Ersteller sie freigibt oder ablehnt.',
      empty: 'Noch keine Auszahlungen.',
      loadFailed: 'Die Auszahlungen konnten nicht geladen werden.',
      fields: {
        createdAt: 'Angelegt',
        business: 'Unternehmen',
        amount: 'Betrag',
        destination: 'Ziel',
        status: 'Status',
        createdBy: 'Angelegt von',
        decision: 'Entscheidung',
      },
      approve: 'Freigeben',
      reject: 'Ablehnen',
      approveFor: 'Auszahlung %{id} über %{amount} freigeben',
      rejectFor: 'Auszahlung %{id} über %{amount} ablehnen',
      approveTitle: 'Auszahlung freigeben',
      rejectTitle: 'Auszahlung ablehnen',
      approveQuestion: '%{amount} von %{business} an %{destination} senden?',
      rejectQuestion:
        '%{amount} von %{business} an %{destination} ablehnen? Der Betrag geht an den Saldo zurück.',
      reason: 'Grund (optional)',
      reasonHelp: 'Wird dem Ersteller gezeigt; höchstens 500 Zeichen',
      approved: 'Auszahlung %{id} freigegeben',
      rejected: 'Auszahlung %{id} abgelehnt',
      ownWithdrawal:
        'Sie haben diese Auszahlung angelegt: Ein anderer Benutzer muss sie freigeben oder ablehnen.',
      decidedBy: 'von %{email}',
      thresholds: {
        button: 'Freigabeschwellen',
        title: 'Freigabeschwellen',
        intro:
          'Eine Auszahlung unter der Schwelle ihrer Währung wird sofort freigegeben; 0 (die Voreinstellung) bedeutet, dass jede Auszahlung eine Freigabe braucht.',
        none: 'Keine Schwellen gesetzt: Jede Auszahlung braucht eine Freigabe.',
        current: '%{currency}: %{threshold}',
        currency: 'Währung',
        threshold: 'Schwelle',
        save: 'Speichern',
        saved: 'Schwelle für %{currency} auf %{threshold} gesetzt',
        loadFailed: 'Die Schwellen konnten nicht geladen werden.',
      },
    },
  },
};
