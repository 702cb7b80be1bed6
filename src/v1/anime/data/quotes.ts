/**
 * Kizuna's quote-of-the-day collection. The lines are our own short paraphrases, written in the
 * spirit of each character rather than quoted from the works; the attribution says whose spirit.
 */
export interface Quote {
  text: string;
  character: string;
  anime: string;
}

export const QUOTES: readonly Quote[] = [
  {
    text: 'A promise I make is a promise I keep. That is the only ninja way I know.',
    character: 'Naruto Uzumaki',
    anime: 'Naruto',
  },
  {
    text: 'Training means nothing if you never trust the one who trained.',
    character: 'Might Guy',
    anime: 'Naruto',
  },
  {
    text: 'No wound from a kunai ever hurt as much as an empty classroom.',
    character: 'Naruto Uzumaki',
    anime: 'Naruto',
  },
  {
    text: 'A person grows up when they can stand again after being knocked down.',
    character: 'Jiraiya',
    anime: 'Naruto',
  },
  {
    text: 'Rules matter, but a teammate left behind matters more.',
    character: 'Kakashi Hatake',
    anime: 'Naruto',
  },
  {
    text: 'As long as someone cares for the village, its fire never goes out.',
    character: 'Hiruzen Sarutobi',
    anime: 'Naruto',
  },
  {
    text: 'One day the whole sea will call me its king, and nobody on the way is stopping me.',
    character: 'Monkey D. Luffy',
    anime: 'One Piece',
  },
  {
    text: 'I cannot do everything alone. That is why I have my crew.',
    character: 'Monkey D. Luffy',
    anime: 'One Piece',
  },
  {
    text: 'When the world shoves you around, stand up and shove back.',
    character: 'Roronoa Zoro',
    anime: 'One Piece',
  },
  { text: 'I only take my scars facing forward.', character: 'Roronoa Zoro', anime: 'One Piece' },
  { text: 'A cook never lets anyone go hungry, not even an enemy.', character: 'Sanji', anime: 'One Piece' },
  {
    text: 'Laugh at a dream all you like; somebody will still chase it.',
    character: 'Marshall D. Teach',
    anime: 'One Piece',
  },
  {
    text: 'If someone loved me this much, then my life was worth something.',
    character: 'Portgas D. Ace',
    anime: 'One Piece',
  },
  { text: 'Standing still never freed anyone. Move.', character: 'Eren Yeager', anime: 'Attack on Titan' },
  {
    text: 'This world is harsh, and somehow still lovely to look at.',
    character: 'Mikasa Ackerman',
    anime: 'Attack on Titan',
  },
  {
    text: 'Nobody can promise you a choice without regret. Pick one and own it.',
    character: 'Levi Ackerman',
    anime: 'Attack on Titan',
  },
  {
    text: 'To change anything, you must be ready to let something go.',
    character: 'Armin Arlert',
    anime: 'Attack on Titan',
  },
  {
    text: 'Give your hearts to the cause, and keep walking forward.',
    character: 'Erwin Smith',
    anime: 'Attack on Titan',
  },
  {
    text: 'Whatever you want, the world asks for something of the same weight.',
    character: 'Alphonse Elric',
    anime: 'Fullmetal Alchemist: Brotherhood',
  },
  {
    text: 'You still have legs to stand on, so get up and keep going.',
    character: 'Edward Elric',
    anime: 'Fullmetal Alchemist: Brotherhood',
  },
  {
    text: 'The lessons that sting are the ones that stay.',
    character: 'Edward Elric',
    anime: 'Fullmetal Alchemist: Brotherhood',
  },
  {
    text: 'Even a tiny flame can light a whole room if you guard it well.',
    character: 'Roy Mustang',
    anime: 'Fullmetal Alchemist: Brotherhood',
  },
  {
    text: "A parent's love for a child needs no reason.",
    character: 'Trisha Elric',
    anime: 'Fullmetal Alchemist: Brotherhood',
  },
  { text: 'Let the dice land where they land.', character: 'Spike Spiegel', anime: 'Cowboy Bebop' },
  {
    text: 'I am not chasing an ending; I am checking whether I ever woke up.',
    character: 'Spike Spiegel',
    anime: 'Cowboy Bebop',
  },
  {
    text: 'The past is just a memory, but it still knows how to bite.',
    character: 'Faye Valentine',
    anime: 'Cowboy Bebop',
  },
  {
    text: 'A bounty hunter eats when the job pays. Today, it did not.',
    character: 'Jet Black',
    anime: 'Cowboy Bebop',
  },
  {
    text: 'Keep the fire in your chest lit, whatever the night throws at it.',
    character: 'Kyojuro Rengoku',
    anime: 'Demon Slayer',
  },
  {
    text: 'Grief does not get a vote on whether you keep walking. Walk, and carry them with you.',
    character: 'Tanjiro Kamado',
    anime: 'Demon Slayer',
  },
  {
    text: 'Do not ever give up, even if it hurts, even if it is hard.',
    character: 'Tanjiro Kamado',
    anime: 'Demon Slayer',
  },
  {
    text: 'I am scared every single time, and I still draw my sword.',
    character: 'Zenitsu Agatsuma',
    anime: 'Demon Slayer',
  },
  {
    text: 'Charge forward, and think about it afterwards!',
    character: 'Inosuke Hashibira',
    anime: 'Demon Slayer',
  },
  {
    text: 'Never hand anyone else the power to decide whether you live.',
    character: 'Giyu Tomioka',
    anime: 'Demon Slayer',
  },
  {
    text: 'Relax. Between the sky and the ground, nobody outranks me.',
    character: 'Satoru Gojo',
    anime: 'Jujutsu Kaisen',
  },
  {
    text: 'Do not die surrounded by regrets. Die surrounded by people.',
    character: 'Yuji Itadori',
    anime: 'Jujutsu Kaisen',
  },
  {
    text: 'I do not pretend to be fair. I help the people I think deserve it.',
    character: 'Megumi Fushiguro',
    anime: 'Jujutsu Kaisen',
  },
  { text: 'Punch first, explain the salmon later.', character: 'Toge Inumaki', anime: 'Jujutsu Kaisen' },
  {
    text: 'A hero is someone who saves people even when nobody asked.',
    character: 'Izuku Midoriya',
    anime: 'My Hero Academia',
  },
  { text: 'Smile, everyone. Help has arrived.', character: 'All Might', anime: 'My Hero Academia' },
  {
    text: 'Whatever your limit was yesterday, step past it today.',
    character: 'All Might',
    anime: 'My Hero Academia',
  },
  {
    text: 'I will win, and I will be the one who wins perfectly.',
    character: 'Katsuki Bakugo',
    anime: 'My Hero Academia',
  },
  {
    text: 'Your power is yours. Do not let anyone tell you what it is for.',
    character: 'Izuku Midoriya',
    anime: 'My Hero Academia',
  },
  {
    text: 'Even if it is just a little, I want to be of use to someone.',
    character: 'Ochaco Uraraka',
    anime: 'My Hero Academia',
  },
  { text: 'I will just keep punching until something gives.', character: 'Saitama', anime: 'One-Punch Man' },
  {
    text: 'Being a hero is a hobby. I do it because I want to.',
    character: 'Saitama',
    anime: 'One-Punch Man',
  },
  {
    text: 'Master, your lessons are worth more than any upgrade.',
    character: 'Genos',
    anime: 'One-Punch Man',
  },
  {
    text: 'If you want to know who someone is, look at who they are fighting for.',
    character: 'Gon Freecss',
    anime: 'Hunter x Hunter',
  },
  {
    text: 'I am going to find my father, even if I have to climb every tower.',
    character: 'Gon Freecss',
    anime: 'Hunter x Hunter',
  },
  {
    text: 'A friend is someone you want to see again, no matter what.',
    character: 'Killua Zoldyck',
    anime: 'Hunter x Hunter',
  },
  {
    text: 'Anger is a chain. I hold it so it does not hold me.',
    character: 'Kurapika',
    anime: 'Hunter x Hunter',
  },
  {
    text: 'The wind is the same for everyone. What differs is how you sail.',
    character: 'Ging Freecss',
    anime: 'Hunter x Hunter',
  },
  {
    text: 'I am a mad scientist, and this is all part of the plan.',
    character: 'Rintaro Okabe',
    anime: 'Steins;Gate',
  },
  {
    text: 'There is no end to the number of worlds one can choose from.',
    character: 'Kurisu Makise',
    anime: 'Steins;Gate',
  },
  {
    text: 'Good morning! I hope this world line has sunshine in it.',
    character: 'Mayuri Shiina',
    anime: 'Steins;Gate',
  },
  {
    text: 'A ruler who hides behind the lines has no right to give orders.',
    character: 'Lelouch Lamperouge',
    anime: 'Code Geass',
  },
  {
    text: 'Only someone ready to pay the price may ask others to pay it.',
    character: 'Lelouch Lamperouge',
    anime: 'Code Geass',
  },
  { text: 'A promise kept is a kind of magic too.', character: 'C.C.', anime: 'Code Geass' },
  { text: 'Every move is calculated, even the snacks.', character: 'Light Yagami', anime: 'Death Note' },
  {
    text: 'I think better with something sweet, and thinking is my whole job.',
    character: 'L',
    anime: 'Death Note',
  },
  {
    text: 'You humans never get boring. That is the only reason I hang around.',
    character: 'Ryuk',
    anime: 'Death Note',
  },
  {
    text: 'Point the drill upward and keep spinning. The sky will give way.',
    character: 'Kamina',
    anime: 'Tengen Toppa Gurren Lagann',
  },
  {
    text: 'If you cannot trust yourself yet, borrow my trust in you.',
    character: 'Kamina',
    anime: 'Tengen Toppa Gurren Lagann',
  },
  {
    text: 'I will dig, and dig, and dig, until I reach the sky.',
    character: 'Simon',
    anime: 'Tengen Toppa Gurren Lagann',
  },
  {
    text: 'You can run away, but you cannot run away from yourself.',
    character: 'Shinji Ikari',
    anime: 'Neon Genesis Evangelion',
  },
  {
    text: 'Where you are matters less than still wanting to live there; while you live, happiness can find you.',
    character: 'Yui Ikari',
    anime: 'Neon Genesis Evangelion',
  },
  {
    text: 'Do not just stand there. Get in the robot or go home.',
    character: 'Gendo Ikari',
    anime: 'Neon Genesis Evangelion',
  },
  {
    text: 'Hey, you are stronger than you think. Show them.',
    character: 'Yoko Littner',
    anime: 'Tengen Toppa Gurren Lagann',
  },
  {
    text: 'Nobody you have met is ever truly gone; the memory just takes its time coming home.',
    character: 'Zeniba',
    anime: 'Spirited Away',
  },
  {
    text: 'Names are how they keep hold of you. Never forget your own.',
    character: 'Haku',
    anime: 'Spirited Away',
  },
  {
    text: 'Being old has one perk: you stop being afraid of what people think.',
    character: 'Sophie Hatter',
    anime: "Howl's Moving Castle",
  },
  {
    text: 'For once there is something I will not run from: keeping you safe.',
    character: 'Howl',
    anime: "Howl's Moving Castle",
  },
  {
    text: 'Our days are hard and the world is cruel to us, and still we find things worth living for.',
    character: 'Osa',
    anime: 'Princess Mononoke',
  },
  {
    text: 'Look at the world without letting hatred pick what you see.',
    character: 'Ashitaka',
    anime: 'Princess Mononoke',
  },
  {
    text: 'The forest is not yours to take, and not mine to keep.',
    character: 'San',
    anime: 'Princess Mononoke',
  },
  {
    text: 'A world where two people meet is a small miracle. Let us not waste it.',
    character: 'Taki Tachibana',
    anime: 'Your Name',
  },
  {
    text: 'Even if I forget your name, I will know you when I see you.',
    character: 'Mitsuha Miyamizu',
    anime: 'Your Name',
  },
  {
    text: 'I do not know what love is yet, but I want to learn what it means.',
    character: 'Violet Evergarden',
    anime: 'Violet Evergarden',
  },
  {
    text: 'Words carry feelings further than any letter can travel.',
    character: 'Violet Evergarden',
    anime: 'Violet Evergarden',
  },
  {
    text: 'Go on living, and live as yourself.',
    character: 'Gilbert Bougainvillea',
    anime: 'Violet Evergarden',
  },
  {
    text: 'Music is not something you play; it is something you feel with someone.',
    character: 'Kaori Miyazono',
    anime: 'Your Lie in April',
  },
  {
    text: 'Spring will come again, and you will play in it.',
    character: 'Kaori Miyazono',
    anime: 'Your Lie in April',
  },
  {
    text: 'I am not the strongest, but I will not be the one who quits first.',
    character: 'Shoyo Hinata',
    anime: 'Haikyu!!',
  },
  {
    text: 'The ball is still in the air. It is not over until it falls.',
    character: 'Tobio Kageyama',
    anime: 'Haikyu!!',
  },
  {
    text: 'Nobody is handed talent fully grown: you raise it, and you sharpen your feel for the game by hand.',
    character: 'Toru Oikawa',
    anime: 'Haikyu!!',
  },
  {
    text: 'Stop thinking about winning. Just do not lose the next point.',
    character: 'Kei Tsukishima',
    anime: 'Haikyu!!',
  },
  {
    text: 'Today I will do what I can, and tomorrow I will do a little more.',
    character: 'Mob',
    anime: 'Mob Psycho 100',
  },
  { text: 'Being popular does not matter. Being kind does.', character: 'Mob', anime: 'Mob Psycho 100' },
  {
    text: 'You are a good kid, Mob. That is the greatest ability of all.',
    character: 'Arataka Reigen',
    anime: 'Mob Psycho 100',
  },
  {
    text: 'Nobody gets to decide the limit of my strength but me.',
    character: 'Asta',
    anime: 'Black Clover',
  },
  {
    text: 'I was born without magic, so refusing to quit will have to do!',
    character: 'Asta',
    anime: 'Black Clover',
  },
  {
    text: 'Your limit is just the line you cross today, not some other day.',
    character: 'Yami Sukehiro',
    anime: 'Black Clover',
  },
  {
    text: 'The dead do not come back. That is why the living must be kind.',
    character: 'Frieren',
    anime: "Frieren: Beyond Journey's End",
  },
  {
    text: "Even a small spell that makes flowers bloom can change someone's life.",
    character: 'Frieren',
    anime: "Frieren: Beyond Journey's End",
  },
  {
    text: 'I want to be remembered as a hero who helped people, not just one who won.',
    character: 'Himmel',
    anime: "Frieren: Beyond Journey's End",
  },
  {
    text: 'A warrior who runs away and lives can still protect someone tomorrow.',
    character: 'Eisen',
    anime: "Frieren: Beyond Journey's End",
  },
  { text: 'Waku waku! This mission sounds like fun!', character: 'Anya Forger', anime: 'Spy x Family' },
  {
    text: 'A world where children need not cry: that is the mission.',
    character: 'Loid Forger',
    anime: 'Spy x Family',
  },
  {
    text: 'If anyone harms my family, I will take care of it quietly.',
    character: 'Yor Forger',
    anime: 'Spy x Family',
  },
  { text: 'Stay determined and keep breathing. The rest follows.', character: 'Guts', anime: 'Berserk' },
  { text: 'Struggle on. As long as you live, the struggle is yours.', character: 'Guts', anime: 'Berserk' },
  {
    text: 'A dream needs someone who believes in it more than you do.',
    character: 'Griffith',
    anime: 'Berserk',
  },
  {
    text: 'It is not the face that makes someone a monster; it is what they do.',
    character: 'Ken Kaneki',
    anime: 'Tokyo Ghoul',
  },
  {
    text: 'Rather than forgetting the pain, I will carry it with me.',
    character: 'Ken Kaneki',
    anime: 'Tokyo Ghoul',
  },
  { text: 'Even a goddess needs someone to tell her she did well.', character: 'Aqua', anime: 'KonoSuba' },
  {
    text: 'Why learn a hundred spells when one big explosion is perfect?',
    character: 'Megumin',
    anime: 'KonoSuba',
  },
  {
    text: 'Every ordinary day is built from tiny, precious moments.',
    character: 'Tohru Honda',
    anime: 'Fruits Basket',
  },
  {
    text: 'Kindness is not weakness; it is choosing to be gentle anyway.',
    character: 'Tohru Honda',
    anime: 'Fruits Basket',
  },
  {
    text: 'Relationships are complicated because people care.',
    character: 'Hachiman Hikigaya',
    anime: 'My Teen Romantic Comedy SNAFU',
  },
  {
    text: 'I will keep starting over, as many times as it takes.',
    character: 'Subaru Natsuki',
    anime: 'Re:Zero',
  },
  { text: 'From zero, we build it all again, together.', character: 'Rem', anime: 'Re:Zero' },
  {
    text: 'In this world, the winner is the one who enjoys the game the most.',
    character: 'Sora',
    anime: 'No Game No Life',
  },
  { text: 'As long as we play together, we have not lost.', character: 'Shiro', anime: 'No Game No Life' },
  {
    text: 'A sword is only as strong as the resolve of the one holding it.',
    character: 'Kirito',
    anime: 'Sword Art Online',
  },
  {
    text: 'I would rather live this world fully than wait for it to end.',
    character: 'Asuna',
    anime: 'Sword Art Online',
  },
  {
    text: 'Sometimes the bravest thing is to keep being yourself.',
    character: 'Kiki',
    anime: "Kiki's Delivery Service",
  },
  {
    text: 'Nothing beats a day that ends with a warm meal and friends.',
    character: 'Mei Kusakabe',
    anime: 'My Neighbor Totoro',
  },
  { text: 'The game is not over until I say I have lost.', character: 'Yugi Muto', anime: 'Yu-Gi-Oh!' },
  {
    text: 'Catching them all is the dream; befriending them is the point.',
    character: 'Ash Ketchum',
    anime: 'Pokemon',
  },
  {
    text: 'Strength shows up when someone needs you, not when you wish for it.',
    character: 'Goku',
    anime: 'Dragon Ball Z',
  },
  {
    text: 'I am the hope of the universe, and I am not done yet.',
    character: 'Goku',
    anime: 'Dragon Ball Z',
  },
  {
    text: 'Pride is what keeps a warrior standing when the body wants to fall.',
    character: 'Vegeta',
    anime: 'Dragon Ball Z',
  },
];
