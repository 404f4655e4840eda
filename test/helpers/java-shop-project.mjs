// A small Maven-layout Java project for the daemon, delta and review tests: a `shop` package (an
// interface, a class implementing it, a subclass overriding it, a cart with overloads over a
// generic list), a `billing` package importing it, an entry point, and tests under src/test/java
// in both JUnit styles (JUnit 5 `@Test` in CartTest, JUnit 4 `@Test` with a static Assert
// import in InvoiceTest). Also the same sources in a Gradle layout.
const lines = (...rows) => `${rows.join('\n')}\n`;

export const PRICED = lines(
  'package com.acme.shop;',
  '',
  '/** Anything with a price in cents. */',
  'public interface Priced {',
  '  int price();',
  '}',
);

export const ITEM = lines(
  'package com.acme.shop;',
  '',
  '/** A named item at a fixed price. */',
  'public class Item implements Priced {',
  '  private final String name;',
  '  private final int cents;',
  '',
  '  public Item(String name, int cents) {',
  '    this.name = name;',
  '    this.cents = cents;',
  '  }',
  '',
  '  @Override',
  '  public int price() {',
  '    return cents;',
  '  }',
  '',
  '  public String label() {',
  '    return name + " " + price();',
  '  }',
  '}',
);

export const DISCOUNTED = lines(
  'package com.acme.shop;',
  '',
  '/** An item at half price. */',
  'public class Discounted extends Item {',
  '  public Discounted(String name, int cents) {',
  '    super(name, cents);',
  '  }',
  '',
  '  @Override',
  '  public int price() {',
  '    return super.price() / 2;',
  '  }',
  '}',
);

export const CART = lines(
  'package com.acme.shop;',
  '',
  'import java.util.ArrayList;',
  'import java.util.List;',
  '',
  '/** The items a customer has picked. */',
  'public class Cart {',
  '  private final List<Item> items = new ArrayList<>();',
  '',
  '  public void add(Item item) {',
  '    items.add(item);',
  '  }',
  '',
  '  public void add(String name, int cents) {',
  '    add(new Item(name, cents));',
  '  }',
  '',
  '  public int total() {',
  '    int sum = 0;',
  '    for (Item item : items) {',
  '      sum += item.price();',
  '    }',
  '    return sum;',
  '  }',
  '',
  '  public int count(String... names) {',
  '    return names.length;',
  '  }',
  '}',
);

export const INVOICE = lines(
  'package com.acme.billing;',
  '',
  'import com.acme.shop.Cart;',
  '',
  '/** Renders a cart as text. */',
  'public class Invoice {',
  '  public static String render(Cart cart) {',
  '    return format(cart.total());',
  '  }',
  '',
  '  static String format(int cents) {',
  '    return cents / 100 + "." + cents % 100;',
  '  }',
  '}',
);

export const APP = lines(
  'package com.acme;',
  '',
  'import com.acme.billing.Invoice;',
  'import com.acme.shop.Cart;',
  'import com.acme.shop.Discounted;',
  '',
  'public class App {',
  '  public static void main(String[] args) {',
  '    Cart cart = new Cart();',
  '    cart.add("tea", 250);',
  '    cart.add(new Discounted("cake", 400));',
  '    System.out.println(Invoice.render(cart));',
  '  }',
  '}',
);

export const CART_TEST = lines(
  'package com.acme.shop;',
  '',
  'import static org.junit.jupiter.api.Assertions.assertEquals;',
  '',
  'import org.junit.jupiter.api.Test;',
  '',
  'class CartTest {',
  '  @Test',
  '  void totalSumsThePrices() {',
  '    Cart cart = new Cart();',
  '    cart.add("a", 2);',
  '    cart.add(new Discounted("b", 4));',
  '    assertEquals(4, cart.total());',
  '  }',
  '}',
);

export const INVOICE_TEST = lines(
  'package com.acme.billing;',
  '',
  'import static org.junit.Assert.assertEquals;',
  '',
  'import com.acme.shop.Cart;',
  'import org.junit.Test;',
  '',
  'public class InvoiceTest {',
  '  @Test',
  '  public void rendersAnEmptyCart() {',
  '    assertEquals("0.0", Invoice.render(new Cart()));',
  '  }',
  '}',
);

const MAIN = 'src/main/java/com/acme';
const TEST = 'src/test/java/com/acme';

/** The Maven layout. */
export const shopMaven = {
  'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>shop</artifactId><version>1</version></project>\n',
  [`${MAIN}/shop/Priced.java`]: PRICED,
  [`${MAIN}/shop/Item.java`]: ITEM,
  [`${MAIN}/shop/Discounted.java`]: DISCOUNTED,
  [`${MAIN}/shop/Cart.java`]: CART,
  [`${MAIN}/billing/Invoice.java`]: INVOICE,
  [`${MAIN}/App.java`]: APP,
  [`${TEST}/shop/CartTest.java`]: CART_TEST,
  [`${TEST}/billing/InvoiceTest.java`]: INVOICE_TEST,
};

/** The paths of the Maven layout, by class. */
export const P = {
  priced: `${MAIN}/shop/Priced.java`,
  item: `${MAIN}/shop/Item.java`,
  discounted: `${MAIN}/shop/Discounted.java`,
  cart: `${MAIN}/shop/Cart.java`,
  invoice: `${MAIN}/billing/Invoice.java`,
  app: `${MAIN}/App.java`,
  cartTest: `${TEST}/shop/CartTest.java`,
  invoiceTest: `${TEST}/billing/InvoiceTest.java`,
};

/**
 * The Gradle layout: the shop package under src/main/java and its test under src/test/java, a
 * file of the same package outside any source root (tools/), and two default-package files in
 * different folders (no `package` clause: the unnamed package, one scope).
 */
export const shopGradle = {
  'settings.gradle': "rootProject.name = 'shop'\n",
  'build.gradle': "plugins { id 'java' }\n\ndependencies { testImplementation 'org.junit.jupiter:junit-jupiter:5.10.0' }\n\ntest { useJUnitPlatform() }\n",
  'src/main/java/com/acme/shop/Priced.java': PRICED,
  'src/main/java/com/acme/shop/Item.java': ITEM,
  'src/main/java/com/acme/shop/Discounted.java': DISCOUNTED,
  'src/main/java/com/acme/shop/Cart.java': CART,
  'src/test/java/com/acme/shop/CartTest.java': CART_TEST,
  'tools/Restock.java': lines(
    'package com.acme.shop;',
    '',
    '/** A tool outside the source roots; its package is its clause, not its folder. */',
    'public class Restock {',
    '  public static int value(Cart cart, Item extra) {',
    '    cart.add(extra);',
    '    return cart.total() + extra.price();',
    '  }',
    '}',
  ),
  'src/main/java/Launcher.java': lines(
    'import com.acme.shop.Cart;',
    '',
    'public class Launcher {',
    '  public static void main(String[] args) {',
    '    Cart cart = new Cart();',
    '    cart.add("tea", 250);',
    '    System.out.println(Banner.line(cart.total()));',
    '  }',
    '}',
  ),
  'scripts/Banner.java': lines(
    'public class Banner {',
    '  static String line(int cents) {',
    '    return "== " + cents + " ==";',
    '  }',
    '}',
  ),
};
