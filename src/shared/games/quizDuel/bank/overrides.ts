// Hand-made corrections on top of the data packages. Every entry carries its reason as a
// string so that the reason is reviewed together with the entry and cannot drift into a
// stale comment. Both the generator (build.ts) and the test (bank.test.ts) read this file,
// so a fix here is what the test holds the bank to.
//
// Decision on territories: the quiz asks about sovereign states only — the 193 UN members,
// the two UN observer states (Vatican City, Palestine) and Kosovo and Taiwan, which govern
// themselves with their own flag, capital and currency. countries-list also carries
// dependencies, special regions and uninhabited islands under ISO 3166-1 codes but does
// not mark most of them (only 3 have `partOf`), hence the explicit list below. They are
// left out because their "capital" is often a village or absent, their currency is the
// parent state's, and "country" would be a wrong word for them in the prompts.

/** ISO 3166-1 alpha-2 code -> why the entry is not a country in this quiz (all templates). */
export const EXCLUDED_COUNTRIES: Readonly<Record<string, string>> = {
  AC: 'Ascension Island: part of a UK overseas territory',
  AI: 'Anguilla: UK overseas territory',
  AQ: 'Antarctica: a continent, no state, no capital',
  AS: 'American Samoa: US territory',
  AW: 'Aruba: constituent country of the Kingdom of the Netherlands',
  AX: 'Åland: autonomous region of Finland',
  BL: 'Saint Barthélemy: French overseas collectivity',
  BM: 'Bermuda: UK overseas territory',
  BQ: 'Caribbean Netherlands: special municipalities of the Netherlands',
  BV: 'Bouvet Island: uninhabited Norwegian dependency',
  CC: 'Cocos (Keeling) Islands: Australian external territory',
  CK: 'Cook Islands: in free association with New Zealand, not a UN member',
  CW: 'Curaçao: constituent country of the Kingdom of the Netherlands',
  CX: 'Christmas Island: Australian external territory',
  EH: 'Western Sahara: disputed non-self-governing territory',
  FK: 'Falkland Islands: UK overseas territory',
  FO: 'Faroe Islands: part of the Danish Realm',
  GF: 'French Guiana: French overseas region',
  GG: 'Guernsey: British Crown dependency',
  GI: 'Gibraltar: UK overseas territory',
  GL: 'Greenland: part of the Danish Realm',
  GP: 'Guadeloupe: French overseas region',
  GS: 'South Georgia and the South Sandwich Islands: UK territory without permanent population',
  GU: 'Guam: US territory',
  HK: 'Hong Kong: special administrative region of China',
  HM: 'Heard Island and McDonald Islands: uninhabited Australian territory',
  IM: 'Isle of Man: British Crown dependency',
  IO: 'British Indian Ocean Territory: UK territory, disputed by Mauritius',
  JE: 'Jersey: British Crown dependency',
  KY: 'Cayman Islands: UK overseas territory',
  MF: 'Saint Martin: French overseas collectivity',
  MO: 'Macao: special administrative region of China',
  MP: 'Northern Mariana Islands: US commonwealth',
  MQ: 'Martinique: French overseas region',
  MS: 'Montserrat: UK overseas territory',
  NC: 'New Caledonia: French special collectivity',
  NF: 'Norfolk Island: Australian external territory',
  NU: 'Niue: in free association with New Zealand, not a UN member',
  PF: 'French Polynesia: French overseas collectivity',
  PM: 'Saint Pierre and Miquelon: French overseas collectivity',
  PN: 'Pitcairn Islands: UK overseas territory',
  PR: 'Puerto Rico: US territory',
  RE: 'Réunion: French overseas region',
  SH: 'Saint Helena: UK overseas territory',
  SJ: 'Svalbard and Jan Mayen: Norwegian territories',
  SX: 'Sint Maarten: constituent country of the Kingdom of the Netherlands',
  TA: 'Tristan da Cunha: part of a UK overseas territory',
  TC: 'Turks and Caicos Islands: UK overseas territory',
  TF: 'French Southern Territories: French territory without permanent population',
  TK: 'Tokelau: New Zealand territory',
  UM: 'U.S. Minor Outlying Islands: uninhabited US islands, no capital',
  VG: 'British Virgin Islands: UK overseas territory',
  VI: 'U.S. Virgin Islands: US territory',
  WF: 'Wallis and Futuna: French overseas collectivity',
  YT: 'Mayotte: French overseas department',
};

/** Country code -> why it gets no capital question (either direction); its other questions stay. */
export const EXCLUDED_CAPITALS: Readonly<Record<string, string>> = {
  IL: 'Jerusalem as capital of Israel is not recognised by most states; a player could argue for Tel Aviv',
  PS: 'the data lists Ramallah (seat of the administration) while Palestine proclaims East Jerusalem',
  SZ: 'the data lists Lobamba (royal and legislative) while most references give Mbabane (administrative)',
  LK: 'the data lists Colombo (executive, commercial) while the official capital is Sri Jayawardenepura Kotte',
  NR: 'Nauru has no official capital; Yaren is only the district that holds the government offices',
};

/** Country code -> the capital to use instead of the data's spelling. */
export const CAPITAL_FIXES: Readonly<Record<string, { capital: string; why: string }>> = {
  MN: {
    capital: 'Ulaanbaatar',
    why: "the city's official English spelling; the data has the older 'Ulan Bator'",
  },
};

/**
 * Country code -> currency codes that are legal tender there but missing from the data, so
 * that none of them is offered as a wrong choice for that country.
 */
export const EXTRA_CURRENCIES: Readonly<Record<string, { codes: readonly string[]; why: string }>> =
  {
    BN: {
      codes: ['SGD'],
      why: 'the Singapore dollar is legal tender in Brunei at par (interchangeability agreement)',
    },
    LR: {
      codes: ['USD'],
      why: 'the US dollar is legal tender in Liberia alongside the Liberian dollar',
    },
    PS: {
      codes: ['JOD'],
      why: 'the Jordanian dinar circulates as legal tender in the West Bank alongside the shekel',
    },
    SZ: {
      codes: ['ZAR'],
      why: 'the South African rand is legal tender in Eswatini alongside the lilangeni',
    },
  };

/** ISO 4217 code -> why it is never an answer or a wrong choice. */
export const EXCLUDED_CURRENCIES: Readonly<Record<string, string>> = {
  BOV: 'Mvdol: Bolivian unit of account, not cash',
  CHE: 'WIR Euro: Swiss complementary currency, not cash',
  CHW: 'WIR Franc: Swiss complementary currency, not cash',
  CLF: 'Unidad de Fomento: Chilean unit of account, not cash',
  SVC: 'El Salvador colón: replaced in practice by the US dollar since 2001',
  USN: 'US Dollar (Next day): a settlement fund code, not a currency people use',
  UYI: 'Uruguay Peso en Unidades Indexadas: unit of account, not cash',
};

/**
 * Groups of flags whose emoji look almost alike, so none is a wrong choice for another of
 * its group: the question would test the renderer's shade of blue, not the player.
 */
export const LOOKALIKE_FLAGS: readonly { codes: readonly string[]; why: string }[] = [
  { codes: ['ID', 'MC'], why: 'both red over white; they differ only in proportions' },
  {
    codes: ['TD', 'RO', 'AD', 'MD'],
    why: 'blue-yellow-red vertical tricolours; Chad and Romania differ by a shade of blue, Andorra and Moldova by a small coat of arms',
  },
  {
    codes: ['NL', 'LU'],
    why: 'red-white-blue; Luxembourg differs only by a lighter blue and proportions',
  },
  {
    codes: ['BH', 'QA'],
    why: 'white serrated band at the hoist; red and maroon are hard to tell apart at emoji size',
  },
];

/** Emoji CLDR name -> why it is left out of the emoji template (answer and wrong choices). */
export const EXCLUDED_EMOJI: Readonly<Record<string, string>> = {
  bird: 'generic: would also be a right answer for eagle, dove, penguin, ...',
  fish: 'generic: would also be a right answer for tropical fish, blowfish, shark, ...',
  bug: 'drawn as a caterpillar, and the generic name fits every insect in the set',
  blossom: 'generic flower name; players confuse it with sunflower and hibiscus',
  cooking: 'drawn as a fried egg in a pan; the name describes an action, not the picture',
  custard: 'drawn as a flan or pudding on most platforms, so the name is a guess',
};

/**
 * Emoji that look or are called alike without sharing a word in their names (those sharing
 * a word, like 'dog' and 'dog face', are kept apart by the generator itself). A name is
 * never a wrong choice for another name of the same group.
 */
export const CONFUSABLE_EMOJI: readonly { names: readonly string[]; why: string }[] = [
  { names: ['ram', 'ewe', 'goat'], why: 'horned sheep and goats, easily taken for one another' },
  { names: ['ox', 'cow', 'cow face', 'water buffalo', 'bison'], why: 'cattle' },
  {
    names: ['mouse', 'mouse face', 'rat', 'hamster'],
    why: 'small rodents drawn alike; the mouse and hamster faces nearly match',
  },
  { names: ['pig', 'pig face', 'pig nose', 'boar'], why: 'a boar is a wild pig' },
  { names: ['bear', 'panda', 'koala'], why: 'a panda is a bear, and players call a koala one' },
  { names: ['deer', 'moose'], why: 'both deer' },
  { names: ['horse', 'donkey'], why: 'equids drawn alike' },
  { names: ['crocodile', 'lizard'], why: 'green reptiles drawn alike' },
  { names: ['dolphin', 'whale', 'spouting whale', 'orca'], why: 'cetaceans; an orca is a dolphin' },
  { names: ['octopus', 'squid'], why: 'cephalopods drawn alike' },
  { names: ['shrimp', 'lobster'], why: 'red crustaceans drawn alike' },
  { names: ['snail', 'spiral shell'], why: 'a snail carries a spiral shell' },
  { names: ['fly', 'mosquito'], why: 'small flying insects drawn alike' },
  {
    names: ['beetle', 'lady beetle', 'cockroach', 'cricket'],
    why: 'a cockroach is not a beetle, but the drawings are close',
  },
  { names: ['duck', 'goose', 'swan'], why: 'waterfowl' },
  {
    names: ['chicken', 'rooster', 'baby chick', 'hatching chick'],
    why: 'chickens at different ages',
  },
  {
    names: ['gorilla', 'orangutan', 'monkey', 'monkey face'],
    why: 'primates; players call any of them a monkey',
  },
  { names: ['wolf', 'dog', 'dog face', 'poodle', 'guide dog'], why: 'canines drawn alike' },
  { names: ['lemon', 'tangerine', 'lime'], why: 'citrus fruit drawn alike' },
  { names: ['melon', 'watermelon'], why: 'a watermelon is a melon' },
  { names: ['red apple', 'tomato'], why: 'round red fruit with a green top' },
  {
    names: ['seedling', 'herb', 'shamrock', 'four leaf clover'],
    why: 'small green sprigs drawn alike',
  },
  { names: ['cherry blossom', 'hibiscus', 'white flower'], why: 'single flowers drawn alike' },
  { names: ['rose', 'wilted flower'], why: 'the wilted flower is a drooping rose' },
  { names: ['meat on bone', 'poultry leg'], why: 'both a piece of meat on a bone' },
  { names: ['taco', 'burrito', 'stuffed flatbread'], why: 'filled wraps drawn alike' },
  { names: ['oden', 'dango'], why: 'both food on a skewer' },
  { names: ['spaghetti', 'steaming bowl'], why: 'both noodle dishes' },
  { names: ['birthday cake', 'shortcake', 'cupcake'], why: 'all cakes' },
  { names: ['candy', 'lollipop'], why: 'a lollipop is a candy' },
  { names: ['hot beverage', 'teacup without handle'], why: 'both hot drinks in a cup' },
  { names: ['cocktail glass', 'tropical drink'], why: 'a tropical drink is a cocktail' },
];
