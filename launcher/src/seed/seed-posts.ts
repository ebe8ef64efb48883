import type { Category, Neighborhood } from '@waco/contracts';

/**
 * The seed's posts: a believable week in Waco. `by` is an index into SEED_USERS; an event's
 * date is `days` from the seeding day at `time` (Waco time); `photos` name files under
 * launcher/seed/images/ (without `.jpg`), two to five per post that has any.
 */
export interface SeedPost {
  by: number;
  category: Category;
  title: string;
  description: string;
  neighborhood: Neighborhood;
  price?: string;
  company?: string;
  salary?: string;
  event?: { days: number; time: string };
  address?: string;
  photos?: string[];
  contactEmail?: string;
  contactPhone?: string;
}

// biome-ignore format: one post a line reads as a table
export const SEED_POSTS: SeedPost[] = [
  // For sale
  { by: 3, category: 'sale', title: 'Trek hybrid bicycle, 21 speed', description: 'Rode it on the Cameron Park trails for two summers. New tubes, brakes adjusted at the shop last month. Fits riders 5\'6" to 6\'. #outdoors', neighborhood: 'cameron_park', price: '180', photos: ['bicycle', 'park-trees', 'trail-run', 'river-bridge'], contactPhone: '254-555-0114' },
  { by: 4, category: 'sale', title: 'Solid oak rocking chair', description: 'Belonged to my grandmother, refinished last spring. Sturdy, no wobbles. Perfect for a front porch in Sanger Heights. #furniture', neighborhood: 'sanger_heights', price: '95', photos: ['rocking-chair', 'porch-concert'] },
  { by: 0, category: 'sale', title: 'Mid-century sofa, mustard cushions', description: 'Comfortable three-seater, smoke-free and pet-free home. You haul it; it fits in a pickup bed with the tailgate down. #furniture', neighborhood: 'sanger_heights', price: '250', photos: ['sofa', 'lamp'] },
  { by: 1, category: 'sale', title: 'Textbooks for Baylor intro courses', description: 'Calculus I, General Chemistry and US History survey, latest editions, light highlighting. Meet on campus by the library.', neighborhood: 'other', price: '60', photos: ['book-stack', 'bookshelf'], contactEmail: 'james.whitfield@example.com' },
  { by: 7, category: 'sale', title: 'Yamaha acoustic guitar with case', description: 'Warm tone, great first guitar. Comes with a hard case, capo and spare strings. Happy to show you a few chords. #music', neighborhood: 'downtown', price: '140', photos: ['guitar', 'string-lights'] },
  { by: 9, category: 'sale', title: 'Sit-on-top kayak and paddle', description: 'Ten-foot kayak, stable enough for Lake Waco or a lazy float on the Brazos. Paddle and life vest included. #outdoors', neighborhood: 'brazos_park', price: '220', photos: ['kayak', 'river-bridge'] },
  { by: 8, category: 'sale', title: 'Farmhouse dining table, seats six', description: 'Reclaimed pine top with a painted base. A few scratches that add character. Chairs not included. #furniture', neighborhood: 'creek_meadows', price: '300', photos: ['dining-table', 'lamp'] },
  { by: 2, category: 'sale', title: 'Fiddle leaf fig in a terracotta pot', description: 'About four feet tall and thriving in a south window. Moving somewhere with less light. Pot included.', neighborhood: 'downtown', price: '35', photos: ['plant-pot', 'sofa'] },
  { by: 5, category: 'sale', title: 'Tool bundle: drill, hammer, wrench set', description: 'Upgraded my kit, so these need a new home. Cordless drill with two batteries, 16 oz hammer, metric and SAE wrenches.', neighborhood: 'creek_meadows', price: '75', photos: ['tools', 'dining-table'], contactPhone: '254-555-0167' },
  { by: 6, category: 'sale', title: 'Tall bookshelf, walnut finish', description: 'Five shelves, anchors to the wall. Easy to take apart for moving. Near Baylor. #furniture', neighborhood: 'other', price: '45' },
  { by: 4, category: 'sale', title: 'Brass floor lamp', description: 'Warm light, three-way bulb. Lovely in a reading corner. Pick up near Magnolia Market. #furniture', neighborhood: 'downtown', price: '30' },
  { by: 9, category: 'sale', title: 'Cast iron skillets, set of three', description: '8", 10" and 12". Seasoned for years, cook like a dream. Cornbread not included.', neighborhood: 'brazos_park', price: '55', photos: ['skillet', 'dining-table'] },
  { by: 0, category: 'sale', title: 'Kids bicycle with training wheels', description: '16" wheels, bright teal, bell still rings. My daughter outgrew it. #family', neighborhood: 'sanger_heights', price: '40', photos: ['bicycle', 'park-trees'] },
  { by: 8, category: 'sale', title: 'Free: moving boxes and packing paper', description: 'About thirty boxes, all sizes, flattened. Take some or take all, porch pick up in Creek Meadows. #free', neighborhood: 'creek_meadows', price: '0' },
  { by: 1, category: 'sale', title: 'Standing desk and monitor', description: 'Crank desk, 48" wide, plus a 24" monitor. Great for a grad student apartment.', neighborhood: 'other', price: '120' },
  { by: 3, category: 'sale', title: 'Camping tent, sleeps four', description: 'Used twice at Lake Waco. All poles and stakes, rain fly included. #outdoors #weekend', neighborhood: 'cameron_park', price: '65' },
  { by: 7, category: 'sale', title: 'Record collection: soul, blues and Texas country', description: 'Around eighty LPs, mostly in great shape. Come flip through them downtown. #music', neighborhood: 'downtown', price: '150', photos: ['string-lights', 'porch-concert'] },
  { by: 5, category: 'sale', title: 'Push lawn mower, runs great', description: 'Starts on the first pull. Just sharpened the blade and changed the oil.', neighborhood: 'brazos_park', price: '85' },
  { by: 2, category: 'sale', title: 'Espresso machine, barely used', description: 'I work at a coffee shop and never make coffee at home. Steam wand works perfectly.', neighborhood: 'downtown', price: '110' },
  { by: 6, category: 'sale', title: 'Dog crate, large', description: 'Fits a lab. Two doors, removable tray. Our pup graduated to the couch. #family', neighborhood: 'cameron_park', price: '40' },
  { by: 9, category: 'sale', title: 'Pumpkins from our patch', description: 'Pie pumpkins and big carving ones. Honor box at the gate off Old Lorena Road. #family #weekend', neighborhood: 'other', price: '5', photos: ['pumpkin-patch', 'market-stalls'] },
  { by: 4, category: 'sale', title: 'Patio set with four chairs', description: 'Metal table and chairs, cushions washed and stored indoors. Good for a shady backyard.', neighborhood: 'sanger_heights', price: '160' },
  { by: 8, category: 'sale', title: 'Crib and changing table', description: 'Matching white set, all hardware in a labeled bag. Smoke-free home. #family', neighborhood: 'creek_meadows', price: '130' },
  { by: 1, category: 'sale', title: 'Mountain bike helmet and lights', description: 'Medium helmet, front and rear USB lights. Fits any bicycle handlebar.', neighborhood: 'cameron_park', price: '25' },
  // Jobs
  { by: 2, category: 'job', title: 'Barista, mornings', description: 'Busy downtown coffee bar looking for a friendly morning barista. We train, you bring the smile. Weekend shifts a plus. #parttime', neighborhood: 'downtown', company: 'Common Grounds', salary: '$13/hour plus tips', photos: ['coffee-cup', 'market-stalls'], contactEmail: 'jobs@example.com' },
  { by: 9, category: 'job', title: 'Ranch hand for fall weekends', description: 'Help with fences, feeding and hay. Must be comfortable outdoors and with animals. #parttime #weekend', neighborhood: 'other', salary: '$16/hour', contactPhone: '254-555-0190' },
  { by: 5, category: 'job', title: 'Handyman helper', description: 'Small repairs across Waco: drywall, painting, fixtures. Reliable truck a plus, tools provided. #parttime', neighborhood: 'creek_meadows', company: 'Ramirez Home Repair', salary: '$18/hour' },
  { by: 6, category: 'job', title: 'Research assistant, summer', description: 'Lab in the sciences building needs an organised assistant for data entry and sample prep. Students welcome.', neighborhood: 'other', company: 'Baylor University', salary: '$15/hour', contactEmail: 'emily.carter@example.com' },
  { by: 7, category: 'job', title: 'Guitar teacher for kids', description: 'Music school looking for a patient teacher for beginners, afternoons. Bring your own guitar. #parttime #music', neighborhood: 'downtown', company: 'Elm Avenue Music', salary: '$25 per lesson' },
  { by: 0, category: 'job', title: 'After-school babysitter', description: 'Two kids, 7 and 10, three afternoons a week in Sanger Heights. CPR certified preferred. #parttime #family', neighborhood: 'sanger_heights', salary: '$15/hour' },
  { by: 3, category: 'job', title: 'Bike mechanic', description: 'Tune-ups and flat fixes at our shop by the river. Experience with hydraulic brakes a plus.', neighborhood: 'brazos_park', company: 'Brazos Bike Shop', salary: '$17/hour', photos: ['bicycle', 'tools'] },
  { by: 1, category: 'job', title: 'Freelance web developer', description: 'Small business needs its booking site refreshed. Remote is fine; meet once downtown. #freelance', neighborhood: 'downtown', salary: '$40/hour, about 20 hours' },
  { by: 4, category: 'job', title: 'Line cook, evenings', description: 'Scratch kitchen near the Silos. Two years of line experience, weekends required.', neighborhood: 'downtown', company: 'Magnolia Table', salary: '$17/hour' },
  { by: 8, category: 'job', title: 'Dog walker, weekdays', description: 'Two friendly labs need a midday walk around Creek Meadows. Must love dogs. #parttime', neighborhood: 'creek_meadows', salary: '$20 per walk' },
  { by: 6, category: 'job', title: 'Math tutor for high schoolers', description: 'Algebra II and pre-calculus, twice a week in the evenings. #parttime', neighborhood: 'cameron_park', salary: '$30/hour' },
  { by: 2, category: 'job', title: 'Event staff for the farmers market', description: 'Saturday mornings: setting up tents, helping vendors, welcoming visitors. #weekend #parttime', neighborhood: 'downtown', company: 'Waco Downtown Farmers Market', salary: '$14/hour' },
  { by: 5, category: 'job', title: 'Landscaping crew member', description: 'Mowing, planting and irrigation repair. Early starts, done by 2 pm in summer.', neighborhood: 'brazos_park', company: 'Green Brazos Landscaping', salary: '$16/hour' },
  { by: 9, category: 'job', title: 'Food truck cashier', description: 'Friday and Saturday nights at the food truck park. Quick with numbers and customers. #weekend', neighborhood: 'downtown', company: 'Brisket on Wheels', salary: '$12/hour plus tips', photos: ['food-truck', 'string-lights'] },
  { by: 0, category: 'job', title: 'Graphic designer for a church newsletter', description: 'Monthly layout work, about six hours a month. Portfolio please. #freelance', neighborhood: 'sanger_heights', salary: '$150 per issue' },
  { by: 7, category: 'job', title: 'Sound tech for live music nights', description: 'Run the board for local bands on Thursdays. Know your way around a mixer. #music #parttime', neighborhood: 'downtown', company: 'Elm Avenue Music', salary: '$100 per night' },
  // Events
  { by: 2, category: 'event', title: 'Downtown farmers market', description: 'Local honey, peaches, tamales and fresh bread. Bring a bag and say hi to your neighbours. Kids and dogs welcome. #weekend #events', neighborhood: 'downtown', event: { days: 2, time: '09:00' }, address: '500 Washington Ave, Waco', photos: ['market-stalls', 'coffee-cup', 'food-truck', 'pumpkin-patch', 'string-lights'] },
  { by: 7, category: 'event', title: 'Porch concert in Sanger Heights', description: 'Acoustic set on our front porch. Bring a lawn chair; lemonade is on us. #music #events', neighborhood: 'sanger_heights', event: { days: 4, time: '19:00' }, address: 'Sanger Ave and 23rd St', photos: ['porch-concert', 'string-lights', 'guitar', 'coffee-cup'] },
  { by: 3, category: 'event', title: 'Cameron Park trail run, 5 miles', description: 'Easy-paced group run on the river trails. All paces welcome, we regroup at every fork. #outdoors #weekend', neighborhood: 'cameron_park', event: { days: 3, time: '07:30' }, address: 'Redwood Shelter, Cameron Park', photos: ['trail-run', 'park-trees'] },
  { by: 9, category: 'event', title: 'Sunset walk across the Suspension Bridge', description: 'Meet at the east end, stroll across and back, then tacos nearby. #events', neighborhood: 'brazos_park', event: { days: 5, time: '19:30' }, address: 'Waco Suspension Bridge', photos: ['river-bridge', 'kayak'] },
  { by: 4, category: 'event', title: 'Silos picnic and lawn games', description: 'Blanket picnic on the lawn at the Silos. Cornhole and frisbee provided. #family #weekend', neighborhood: 'downtown', event: { days: 6, time: '11:00' }, address: '601 Webster Ave, Waco', photos: ['silos', 'dining-table'] },
  { by: 1, category: 'event', title: 'Book swap at the library', description: 'Bring a book, take a book. Coffee from a local roaster. #events', neighborhood: 'other', event: { days: 7, time: '14:00' }, address: 'Waco-McLennan County Library', photos: ['book-stack', 'bookshelf'] },
  { by: 8, category: 'event', title: 'Creek Meadows community cleanup', description: 'Gloves, bags and breakfast tacos provided. Two hours, big difference. #family #events', neighborhood: 'creek_meadows', event: { days: 8, time: '08:00' }, address: 'Creek Meadows neighborhood pool' },
  { by: 5, category: 'event', title: 'Food truck night by the river', description: 'Six trucks, live music and string lights. Bring cash and an appetite. #events #weekend', neighborhood: 'brazos_park', event: { days: 9, time: '18:00' }, address: 'Brazos Park East', photos: ['food-truck', 'string-lights'] },
  { by: 6, category: 'event', title: 'Bird walk along the Brazos', description: 'Bring binoculars if you have them; we have spares. Herons and kingfishers likely. #outdoors', neighborhood: 'brazos_park', event: { days: 10, time: '07:00' }, address: 'Brazos Riverwalk at the footbridge', photos: ['river-bridge', 'park-trees'] },
  { by: 0, category: 'event', title: 'Neighborhood chili cook-off', description: 'Enter your best pot or come taste them all. Prizes for red, green and wild card. #family #events', neighborhood: 'sanger_heights', event: { days: 11, time: '17:00' }, address: 'Sanger Heights community garden', photos: ['skillet', 'dining-table'] },
  { by: 7, category: 'event', title: 'Open mic night', description: 'Songs, poems, comedy. Sign-up sheet opens at 7. Be kind, clap loud. #music #events', neighborhood: 'downtown', event: { days: 12, time: '19:00' }, address: 'Elm Avenue Music' },
  { by: 3, category: 'event', title: 'Saturday bike ride to Lake Waco', description: 'Twenty miles round trip at a chatty pace. Helmets required. #outdoors #weekend', neighborhood: 'cameron_park', event: { days: 13, time: '08:00' }, address: 'Cameron Park main entrance', photos: ['bicycle', 'trail-run'] },
  { by: 4, category: 'event', title: 'Kids storytime in the park', description: 'Picture books under the big oak. Blankets and snacks welcome. #family', neighborhood: 'cameron_park', event: { days: 14, time: '10:00' }, address: 'Cameron Park picnic area' },
  { by: 9, category: 'event', title: 'Pumpkin patch open day', description: 'Hayride, pumpkin picking and cider. Free entry, pumpkins by the pound. #family #weekend', neighborhood: 'other', event: { days: 15, time: '10:00' }, address: 'Dawson Farm, Old Lorena Rd', photos: ['pumpkin-patch', 'market-stalls'] },
  { by: 8, category: 'event', title: 'Dog adoption day', description: 'Meet adoptable pups from the local shelter. Applications on site. #family #events', neighborhood: 'creek_meadows', event: { days: 16, time: '12:00' }, address: 'Creek Meadows park', photos: ['dog-park', 'park-trees'] },
  { by: 2, category: 'event', title: 'Latte art class', description: 'Learn hearts and rosettas from our head barista. Six seats, milk provided. #events', neighborhood: 'downtown', event: { days: 17, time: '15:00' }, address: 'Common Grounds, 1123 S 8th St' },
  { by: 1, category: 'event', title: 'Study group: finals week pizza night', description: 'Quiet tables, loud pizza. All majors welcome. #events', neighborhood: 'other', event: { days: 18, time: '18:30' }, address: 'Baylor Student Union' },
  { by: 6, category: 'event', title: 'Garden tour in Sanger Heights', description: 'Five backyard gardens open their gates: natives, vegetables, a koi pond. #outdoors #weekend', neighborhood: 'sanger_heights', event: { days: 19, time: '09:30' }, address: 'Start at 2300 Sanger Ave', photos: ['plant-pot', 'park-trees'] },
  { by: 5, category: 'event', title: 'Fix-it clinic: bring your broken things', description: 'Lamps, chairs, bikes, toasters. Volunteers help you repair them for free. #free #events', neighborhood: 'creek_meadows', event: { days: 20, time: '13:00' }, address: 'Creek Meadows fellowship hall', photos: ['tools', 'lamp'] },
  { by: 0, category: 'event', title: 'Kayak meetup on the Brazos', description: 'Paddle from the boat ramp to the bridge and back. Rentals available nearby. #outdoors #weekend', neighborhood: 'brazos_park', event: { days: 21, time: '08:30' }, address: 'Brazos Park East boat ramp', photos: ['kayak', 'river-bridge'] },
  { by: 7, category: 'event', title: 'Jazz on the lawn', description: 'A trio plays standards as the sun sets. Bring a blanket. #music', neighborhood: 'downtown', event: { days: 22, time: '19:30' }, address: 'Heritage Square', photos: ['string-lights', 'porch-concert'] },
  { by: 4, category: 'event', title: 'Holiday lights walk', description: 'Stroll the streets with the best decorated houses. Hot cocoa at the end. #family #events', neighborhood: 'creek_meadows', event: { days: 25, time: '18:00' }, address: 'Meet at Creek Meadows pool', photos: ['string-lights', 'porch-concert'] },
];
