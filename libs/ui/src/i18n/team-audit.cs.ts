import type { teamAuditEn } from './team-audit';

export const teamAuditCs: typeof teamAuditEn = {
  menu: 'Auditní stopa',
  heading: 'Auditní stopa',
  from: 'Od',
  to: 'Do',
  actor: 'Kdo',
  anyActor: 'Kdokoli',
  type: 'Typ',
  anyType: 'Jakýkoli typ',
  emailId: 'ID e-mailu',
  email: 'E-mail',
  apply: 'Použít',
  reset: 'Zrušit filtry',
  occurredAt: 'Čas',
  correlation: 'Korelace',
  details: 'Podrobnosti',
  empty: 'Filtrům neodpovídá žádná událost.',
  system: 'Systém',
  ruleActor: 'Pravidlo „{{name}}“',
  exportCsv: 'Exportovat CSV',
  exportJsonl: 'Exportovat JSON Lines',
  exporting: 'Export: {{rows}} z {{total}} záznamů ({{kib}} KiB)',
  exported: 'Exportováno {{rows}} záznamů ({{kib}} KiB).',
  exportFailed: 'Export selhal: {{message}}',
  progress: 'Průběh exportu',
  search: 'Hledat',
  erasureHeading: 'Vymazat osobní údaje',
  erasureHelp:
    'Vymaže, co tento tým o jedné osobě uchovává: vše, co události obsahují pod její adresou, se stane nečitelným. Kdo co udělal, zůstane v historii.',
  erasureEmail: 'E-mailová adresa osoby',
  erase: 'Vymazat osobní údaje',
  erasureConfirmHeader: 'Vymazat osobní údaje?',
  erasureConfirm:
    'Vymazat osobní údaje {{email}}? V tomto týmu se jméno a adresa této osoby a předměty, těla, hlavičky a názvy příloh e-mailů, které tato osoba poslala, i komentáře, koncepty odpovědí, odpovědi a oznámení, které se jí týkají nebo jsou jí adresované, budou všude zobrazovat jako „[erased]“: v doručené poště, ve vyhledávání, v historii e-mailu, v auditní stopě i v exportech. Původní zprávy a přílohy, které tato osoba poslala, budou smazány. Události zůstanou v seznamu s tím, kdo co a kdy udělal. Tuto akci nelze vrátit.',
  erasureAccept: 'Vymazat',
  erasureReject: 'Zrušit',
  erased: 'Osobní údaje {{email}} byly vymazány.',
  erasureFailed: 'Osobní údaje se nepodařilo vymazat: {{message}}',
  erasureStillRunning:
    'Klíče {{email}} jsou smazány: z historie už nelze nic z jejích údajů přečíst. Doručená pošta, vyhledávání a auditní stopa se ještě aktualizují a během několika minut budou zobrazovat „[erased]“.',
  erasureIncomplete: 'Osobní údaje {{email}} nelze vymazat úplně.',
  erasureNothingSealed:
    'Osobní údaje {{email}} nelze vymazat úplně: tento tým z nich nic zapečetěné neuchovává, takže nebylo vymazáno nic.',
  erasureRemainsHelp:
    'Tyto události tuto adresu stále uvádějí tam, kam její vymazání nedosáhne (byly zapsány dříve, než se osobní údaje začaly pečetit, nebo ji citují v údajích jiné osoby), a zůstávají, jak jsou:',
  erasureRemain: '{{type}}: {{count}} událostí',
};
