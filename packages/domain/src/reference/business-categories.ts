/**
 * Business categories of merchants (§3 "About 80 business categories"), by ISO 18245 merchant
 * category code (MCC) with its English name. A curated selection of the general categories (no
 * airline, car-rental or hotel brand codes 3000–3999) that Malaysian merchants of an acquirer
 * and payment facilitator trade in, grouped for the picker. Names follow the card schemes' MCC
 * descriptions. `mcc` is a 4-digit string: leading zeros matter ("0742").
 */
export interface BusinessCategory {
  readonly mcc: string;
  readonly name: string;
  readonly group: BusinessCategoryGroup;
}

export const BUSINESS_CATEGORY_GROUPS = [
  'FOOD_AND_BEVERAGE', 'RETAIL', 'AUTOMOTIVE', 'TRAVEL_AND_TRANSPORT', 'DIGITAL_AND_TELECOM', 'SERVICES', 'HEALTH', 'EDUCATION',
  'FINANCIAL', 'PUBLIC_AND_NONPROFIT', 'CONSTRUCTION',
] as const;
export type BusinessCategoryGroup = (typeof BUSINESS_CATEGORY_GROUPS)[number];

const c = (mcc: string, name: string, group: BusinessCategoryGroup): BusinessCategory => Object.freeze({ mcc, name, group });

export const BUSINESS_CATEGORIES: readonly BusinessCategory[] = Object.freeze([
  // Food and beverage
  c('5411', 'Grocery Stores, Supermarkets', 'FOOD_AND_BEVERAGE'),
  c('5462', 'Bakeries', 'FOOD_AND_BEVERAGE'),
  c('5499', 'Miscellaneous Food Stores – Convenience Stores and Specialty Markets', 'FOOD_AND_BEVERAGE'),
  c('5812', 'Eating Places and Restaurants', 'FOOD_AND_BEVERAGE'),
  c('5813', 'Drinking Places (Alcoholic Beverages) – Bars, Taverns, Nightclubs, Cocktail Lounges, and Discotheques', 'FOOD_AND_BEVERAGE'),
  c('5814', 'Fast Food Restaurants', 'FOOD_AND_BEVERAGE'),
  c('5921', 'Package Stores – Beer, Wine, and Liquor', 'FOOD_AND_BEVERAGE'),
  // Retail
  c('5251', 'Hardware Stores', 'RETAIL'),
  c('5311', 'Department Stores', 'RETAIL'),
  c('5399', 'Miscellaneous General Merchandise', 'RETAIL'),
  c('5611', "Men's and Boys' Clothing and Accessories Stores", 'RETAIL'),
  c('5621', "Women's Ready-to-Wear Stores", 'RETAIL'),
  c('5651', 'Family Clothing Stores', 'RETAIL'),
  c('5661', 'Shoe Stores', 'RETAIL'),
  c('5699', 'Miscellaneous Apparel and Accessory Shops', 'RETAIL'),
  c('5712', 'Furniture, Home Furnishings, and Equipment Stores, Except Appliances', 'RETAIL'),
  c('5722', 'Household Appliance Stores', 'RETAIL'),
  c('5732', 'Electronics Stores', 'RETAIL'),
  c('5734', 'Computer Software Stores', 'RETAIL'),
  c('5912', 'Drug Stores and Pharmacies', 'RETAIL'),
  c('5941', 'Sporting Goods Stores', 'RETAIL'),
  c('5942', 'Book Stores', 'RETAIL'),
  c('5943', 'Stationery Stores, Office, and School Supply Stores', 'RETAIL'),
  c('5944', 'Jewelry Stores, Watches, Clocks, and Silverware Stores', 'RETAIL'),
  c('5945', 'Hobby, Toy, and Game Shops', 'RETAIL'),
  c('5947', 'Gift, Card, Novelty, and Souvenir Shops', 'RETAIL'),
  c('5977', 'Cosmetic Stores', 'RETAIL'),
  c('5992', 'Florists', 'RETAIL'),
  c('5995', 'Pet Shops, Pet Food, and Supplies', 'RETAIL'),
  c('5999', 'Miscellaneous and Specialty Retail Stores', 'RETAIL'),
  c('5969', 'Direct Marketing – Other Direct Marketers', 'RETAIL'),
  // Automotive
  c('5511', 'Car and Truck Dealers (New & Used) Sales, Service, Repairs Parts and Leasing', 'AUTOMOTIVE'),
  c('5533', 'Automotive Parts and Accessories Stores', 'AUTOMOTIVE'),
  c('5541', 'Service Stations (With or without Ancillary Services)', 'AUTOMOTIVE'),
  c('5542', 'Automated Fuel Dispensers', 'AUTOMOTIVE'),
  c('5571', 'Motorcycle Shops and Dealers', 'AUTOMOTIVE'),
  c('7523', 'Parking Lots, Parking Meters and Garages', 'AUTOMOTIVE'),
  c('7538', 'Automotive Service Shops (Non-Dealer)', 'AUTOMOTIVE'),
  c('7542', 'Car Washes', 'AUTOMOTIVE'),
  // Travel and transport
  c('4111', 'Commuter Transport, Ferries', 'TRAVEL_AND_TRANSPORT'),
  c('4121', 'Taxicabs/Limousines', 'TRAVEL_AND_TRANSPORT'),
  c('4215', 'Courier Services – Air and Ground, and Freight Forwarders', 'TRAVEL_AND_TRANSPORT'),
  c('4511', 'Airlines and Air Carriers', 'TRAVEL_AND_TRANSPORT'),
  c('4722', 'Travel Agencies and Tour Operators', 'TRAVEL_AND_TRANSPORT'),
  c('7011', 'Hotels, Motels, and Resorts', 'TRAVEL_AND_TRANSPORT'),
  c('7512', 'Car Rental Agencies', 'TRAVEL_AND_TRANSPORT'),
  // Digital goods, telecommunication and utilities
  c('4812', 'Telecommunication Equipment and Telephone Sales', 'DIGITAL_AND_TELECOM'),
  c('4814', 'Telecommunication Services', 'DIGITAL_AND_TELECOM'),
  c('4816', 'Computer Network/Information Services', 'DIGITAL_AND_TELECOM'),
  c('4900', 'Utilities – Electric, Gas, Water, and Sanitary', 'DIGITAL_AND_TELECOM'),
  c('5815', 'Digital Goods Media – Books, Movies, Music', 'DIGITAL_AND_TELECOM'),
  c('5816', 'Digital Goods – Games', 'DIGITAL_AND_TELECOM'),
  c('5817', 'Digital Goods – Applications (Excludes Games)', 'DIGITAL_AND_TELECOM'),
  // Services
  c('7210', 'Laundry, Cleaning, and Garment Services', 'SERVICES'),
  c('7230', 'Beauty and Barber Shops', 'SERVICES'),
  c('7298', 'Health and Beauty Spas', 'SERVICES'),
  c('7299', 'Miscellaneous Personal Services (Not Elsewhere Classified)', 'SERVICES'),
  c('7372', 'Computer Programming, Data Processing, and Integrated Systems Design Services', 'SERVICES'),
  c('7399', 'Business Services (Not Elsewhere Classified)', 'SERVICES'),
  c('7832', 'Motion Picture Theaters', 'SERVICES'),
  c('7991', 'Tourist Attractions and Exhibits', 'SERVICES'),
  c('7999', 'Recreation Services (Not Elsewhere Classified)', 'SERVICES'),
  c('8111', 'Legal Services, Attorneys', 'SERVICES'),
  c('8931', 'Accounting, Auditing, and Bookkeeping Services', 'SERVICES'),
  c('8999', 'Professional Services (Not Elsewhere Classified)', 'SERVICES'),
  // Health
  c('0742', 'Veterinary Services', 'HEALTH'),
  c('8011', 'Doctors and Physicians (Not Elsewhere Classified)', 'HEALTH'),
  c('8021', 'Dentists and Orthodontists', 'HEALTH'),
  c('8043', 'Opticians, Optical Goods, and Eyeglasses', 'HEALTH'),
  c('8062', 'Hospitals', 'HEALTH'),
  c('8099', 'Medical Services and Health Practitioners (Not Elsewhere Classified)', 'HEALTH'),
  // Education
  c('8211', 'Elementary and Secondary Schools', 'EDUCATION'),
  c('8220', 'Colleges, Universities, Professional Schools, and Junior Colleges', 'EDUCATION'),
  c('8299', 'Schools and Educational Services (Not Elsewhere Classified)', 'EDUCATION'),
  c('8351', 'Child Care Services', 'EDUCATION'),
  // Financial
  c('6300', 'Insurance Sales, Underwriting, and Premiums', 'FINANCIAL'),
  // Public and non-profit
  c('8398', 'Charitable and Social Service Organizations', 'PUBLIC_AND_NONPROFIT'),
  c('8661', 'Religious Organizations', 'PUBLIC_AND_NONPROFIT'),
  c('9399', 'Government Services (Not Elsewhere Classified)', 'PUBLIC_AND_NONPROFIT'),
  // Construction
  c('1520', 'General Contractors – Residential and Commercial', 'CONSTRUCTION'),
]);

/** The category of an MCC, or undefined. */
export function findBusinessCategory(mcc: string): BusinessCategory | undefined {
  return BUSINESS_CATEGORIES.find((b) => b.mcc === mcc);
}
