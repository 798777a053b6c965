import { describe, expect, it } from 'vitest';
import { collectRoutes } from '../src/routes/index.js';
import type { InputFile, Route } from '../src/routes/index.js';
import { tokenize } from '../src/routes/tokens.js';

const summary = (r: Route) => `${r.framework} ${r.methods.join('|') || '*'} ${r.paths.map((p) => p.template + (p.resolved ? '' : '?')).join(',')} ${r.handler}`;

describe('route inventory: Spring annotations', () => {
  const controller = [
    'package x;',
    '// @GetMapping("/commented")',
    '@RestController',
    '@RequestMapping(Paths.USERS)',
    'public class UserController {',
    '  /* @PostMapping("/x") */',
    '  @GetMapping(value = {"/{id}", "/by-id/{id}"}, produces = MediaType.APPLICATION_JSON_VALUE)',
    '  public ResponseEntity<EntityModel<User>> get(@PathVariable("id") Long id) { return null; }',
    '  @PostMapping("update")',
    '  public void update(@RequestBody User u) { String s = "@GetMapping(\\"/no\\")"; }',
    '  @RequestMapping(method = {RequestMethod.PUT, RequestMethod.PATCH}, path = "/{id}")',
    '  public User put(@PathVariable Long id, @RequestBody User user, @RequestParam(name="force", required=false) boolean force) { return user; }',
    '}',
  ].join('\n');
  const paths = 'public final class Paths {\n  public static final String API = "/api";\n  public static final String USERS = API + "/users";\n}';
  const files: InputFile[] = [
    { path: 'src/UserController.java', kind: 'java', text: controller },
    { path: 'src/Paths.java', kind: 'java', text: paths },
  ];

  it('joins class and method paths, resolves constants, skips comments and strings', async () => {
    const routes = await collectRoutes(files);
    expect(routes.map(summary)).toEqual([
      'spring-mvc GET /api/users/{id},/api/users/by-id/{id} UserController#get',
      'spring-mvc POST /api/users/update UserController#update',
      'spring-mvc PUT|PATCH /api/users/{id} UserController#put',
    ]);
    const [get, update, put] = routes as [Route, Route, Route];
    expect(get.produces).toEqual(['application/json']);
    expect(get.returnType).toBe('ResponseEntity<EntityModel<User>>');
    expect(get.line).toBe(8);
    expect(put.params).toEqual([
      { name: 'id', source: 'path', type: 'Long' },
      { name: 'user', source: 'body', type: 'User' },
      { name: 'force', source: 'query', type: 'boolean' },
    ]);
    expect(update.params).toEqual([{ name: 'u', source: 'body', type: 'User' }]);
  });

  it('gives the exact offsets and quote of every path literal', async () => {
    const routes = await collectRoutes(files);
    const lit = routes[1]!.paths[0]!.literals;
    expect(lit.map((l) => [l.file, l.value, l.viaConstant])).toEqual([
      ['src/Paths.java', '/api', 'API'],
      ['src/Paths.java', '/users', 'Paths.USERS'],
      ['src/UserController.java', 'update', undefined],
    ]);
    for (const l of lit) {
      const text = files.find((f) => f.path === l.file)!.text;
      expect(text.slice(l.start, l.end)).toBe(l.quote + l.value + l.quote);
    }
    const own = lit[2]!;
    expect(own.attribute).toMatchObject({ name: '', isArray: false });
    expect(controller.slice(own.attribute!.argsStart, own.attribute!.argsEnd)).toBe('("update")');
    const arr = routes[0]!.paths[1]!.literals[2]!;
    expect(controller.slice(arr.attribute!.valueStart, arr.attribute!.valueEnd)).toBe('{"/{id}", "/by-id/{id}"}');
    expect(arr.attribute!.isArray).toBe(true);
  });
});

describe('route inventory: Kotlin, router functions, JAX-RS, SOAP', () => {
  const kt = [
    'package x',
    '@RestController',
    '@RequestMapping("/api/orders")',
    'class OrderController(private val s: OrderService) {',
    '    @GetMapping("/{id}", produces = [MediaTypes.HAL_JSON_VALUE])',
    '    fun get(@PathVariable id: Long): EntityModel<Order> = EntityModel.of(s.find(id))',
    '    @PostMapping',
    '    suspend fun create(@RequestBody order: Order): Order {',
    '        return s.save(order)',
    '    }',
    '}',
    '@Configuration',
    'class Routes {',
    '  @Bean',
    '  fun routes(h: UserHandler) = coRouter {',
    '    "/api/v2".nest {',
    '      accept(APPLICATION_JSON).nest {',
    '        GET("/users/{id}", h::get)',
    '        POST("/users") { req -> ok().buildAndAwait() }',
    '      }',
    '    }',
    '  }',
    '}',
  ].join('\n');
  const javaRouter = [
    'class R { @Bean RouterFunction<ServerResponse> r(UserHandler h) {',
    '  return route().path("/api", b -> b.GET("/u/{id}", accept(MediaType.APPLICATION_JSON), h::get).POST("/u", h::create)).build()',
    '    .and(RouterFunctions.route(RequestPredicates.GET("/ping"), h::ping))',
    '    .and(nest(path("/v3"), route(DELETE("/u/{id}").and(accept(APPLICATION_JSON)), h::del)));',
    '} }',
  ].join('\n');
  const jaxrs = [
    '@Path("/books") @Produces(MediaType.APPLICATION_JSON) public class BookResource {',
    '  @GET public List<Book> all(@QueryParam("q") String q) { return null; }',
    '  @POST @Consumes("application/json") public Response add(Book b) { return null; }',
    '  @DELETE @Path("{id}") public void del(@PathParam("id") long id) {}',
    '  @Path("{id}/chapters") public ChapterResource chapters() { return null; }',
    '}',
  ].join('\n');
  const ws = [
    '@Endpoint public class CountryEndpoint { private static final String NS = "http://x";',
    ' @PayloadRoot(namespace = NS, localPart = "getCountryRequest") @ResponsePayload',
    ' public GetCountryResponse getCountry(@RequestPayload GetCountryRequest request) { return null; } }',
  ].join('\n');
  const wsdl = [
    '<?xml version="1.0"?><wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/">',
    '<wsdl:portType name="UserPort"><wsdl:operation name="GetUser"/><wsdl:operation name="UpdateUser"/></wsdl:portType>',
    '<wsdl:service name="S"><wsdl:port name="P" binding="B"><soap:address location="http://localhost:8080/soap/users"/></wsdl:port></wsdl:service></wsdl:definitions>',
  ].join('\n');
  const feign = '@FeignClient("users") interface UsersClient { @GetMapping("/users/{id}") User get(@PathVariable long id); }';

  it('reads every framework', async () => {
    const routes = await collectRoutes([
      { path: 'B.kt', kind: 'kotlin', text: kt },
      { path: 'R.java', kind: 'java', text: javaRouter },
      { path: 'J.java', kind: 'java', text: jaxrs },
      { path: 'W.java', kind: 'java', text: ws },
      { path: 'F.java', kind: 'java', text: feign },
      { path: 'u.wsdl', kind: 'xml', text: wsdl },
      { path: 'application.properties', kind: 'properties', text: 'spring.webservices.path=/ws\n' },
    ]);
    expect(routes.map(summary)).toEqual([
      'spring-mvc GET /api/orders/{id} OrderController#get',
      'spring-mvc POST /api/orders OrderController#create',
      'router-function GET /api/v2/users/{id} h#get',
      'router-function POST /api/v2/users Routes#lambda@19',
      'jax-rs GET /books BookResource#all',
      'jax-rs POST /books BookResource#add',
      'jax-rs DELETE /books/{id} BookResource#del',
      'router-function GET /api/u/{id} h#get',
      'router-function POST /api/u h#create',
      'router-function GET /ping h#ping',
      'router-function DELETE /v3/u/{id} h#del',
      'spring-ws POST /ws CountryEndpoint#getCountry',
      'wsdl POST /soap/users UserPort#GetUser',
      'wsdl POST /soap/users UserPort#UpdateUser',
    ]);
    const byHandler = new Map(routes.map((r) => [r.handler, r]));
    expect(byHandler.get('OrderController#get')!.produces).toEqual(['application/hal+json']);
    expect(byHandler.get('OrderController#get')!.returnType).toBe('EntityModel<Order>');
    expect(byHandler.get('h#get')!.produces).toEqual(['application/json']);
    expect(byHandler.get('BookResource#add')!.consumes).toEqual(['application/json']);
    expect(byHandler.get('BookResource#add')!.params).toEqual([{ name: 'b', source: 'body', type: 'Book' }]);
    expect(byHandler.get('CountryEndpoint#getCountry')!.operation).toBe('getCountryRequest');
    expect(byHandler.get('h#del')!.paths[0]!.literals.map((l) => l.value)).toEqual(['/v3', '/u/{id}']);
  });
});

describe('route inventory: constants and literals in Kotlin', () => {
  it('resolves object/companion constants and templates of them, keeps raw strings exact', async () => {
    const paths = 'package x\nobject Paths {\n  const val API = "/api"\n  const val USERS = "$API/users"\n  const val ORDERS = API + "/orders"\n}\n';
    const ctl = [
      'package x',
      '@RestController',
      '@RequestMapping(Paths.ORDERS)',
      'class OrderController {',
      '  companion object { const val ITEM = "/{id}" }',
      '  @GetMapping(ITEM) fun get(@PathVariable id: Long): Order = TODO()',
      '  @GetMapping(path = ["""/raw"""]) fun raw(): String = ""',
      '  @GetMapping(Paths.USERS) fun users(): String = ""',
      '  @field:Deprecated("x") val unused: String = ""',
      '  fun helper(): String = "@GetMapping(\\"/no\\")"',
      '}',
    ].join('\n');
    const routes = await collectRoutes([
      { path: 'Paths.kt', kind: 'kotlin', text: paths },
      { path: 'OrderController.kt', kind: 'kotlin', text: ctl },
    ]);
    expect(routes.map((r) => r.paths.map((p) => `${p.template}${p.resolved ? '' : ' (unresolved)'}`).join())).toEqual([
      '/api/orders/{id}',
      '/api/orders/raw',
      '/api/orders/api/users',
    ]);
    const raw = routes[1]!.paths[0]!.literals[2]!;
    expect([raw.quote, raw.value, ctl.slice(raw.start, raw.end)]).toEqual(['"""', '/raw', '"""/raw"""']);
    expect(raw.attribute).toMatchObject({ name: 'path', isArray: true });
    expect(routes[0]!.paths[0]!.literals.map((l) => [l.file, l.value, l.viaConstant])).toEqual([
      ['Paths.kt', '/api', 'API'],
      ['Paths.kt', '/orders', 'Paths.ORDERS'],
      ['OrderController.kt', '/{id}', 'ITEM'],
    ]);
  });
});

describe('route inventory: scanning through src/formats/jvm-tokens', () => {
  it('notes a source that does not scan, names the file and position, and lists no route from it', async () => {
    const notes: string[] = [];
    const broken = '@RestController\nclass A {\n  @GetMapping("/a")\n  String a() { return "unterminated; }\n}\n';
    const ok = '@RestController\nclass B {\n  @GetMapping("/b") String b() { return ""; }\n}\n';
    const routes = await collectRoutes(
      [
        { path: 'A.java', kind: 'java', text: broken },
        { path: 'B.java', kind: 'java', text: ok },
      ],
      { onError: (file, message) => notes.push(`${file}: ${message}`) },
    );
    expect(routes.map(summary)).toEqual(['spring-mvc GET /b B#b']);
    expect(notes).toEqual(['A.java: not scanned: unterminated string literal at line 4, column 23']);
  });

  it('decodes escapes, text blocks, BOMs and keeps Kotlin template parts', () => {
    const java = tokenize('\uFEFFclass A { String a = "\\u002Fa\\tb"; String b = """\n  /tb\\n"""; char c = \'"\'; }', false);
    expect(java[0]).toMatchObject({ t: 'id', v: 'class', s: 1 });
    expect(java.filter((t) => t.t === 'str').map((t) => t.value)).toEqual(['/a\tb', '  /tb\n']);
    const kt = tokenize('val a = "${Paths.API}/users/$id"\nval b = a::length', true);
    const str = kt.find((t) => t.t === 'str')!;
    expect(str.value).toBeUndefined();
    expect(str.parts).toEqual([
      { kind: 'template', expr: 'Paths.API', start: 9, end: 21 },
      { kind: 'text', value: '/users/' },
      { kind: 'template', expr: 'id', start: 28, end: 31 },
    ]);
    // template code is not part of the walker's stream; '::' is one token; a line break is flagged
    expect(kt.map((t) => t.v)).toEqual(['val', 'a', '=', '', 'val', 'b', '=', 'a', '::', 'length']);
    expect(kt.filter((t) => t.nl).map((t) => t.v)).toEqual(['val', 'val']);
  });
});

describe('route inventory: several paths in one mapping', () => {
  it('reads every positional string of a Kotlin mapping (vararg) and every item of a Java array', async () => {
    const kt = 'package x\n@RestController\nclass A {\n  @GetMapping("/a", "/a/") fun a() = ""\n  @PostMapping("/b") fun b() = ""\n}\n';
    const java = 'package x;\n@RestController\nclass J {\n  @GetMapping({"/j", "/j/"}) String j() { return ""; }\n}\n';
    const routes = await collectRoutes([
      { path: 'A.kt', kind: 'kotlin', text: kt },
      { path: 'J.java', kind: 'java', text: java },
    ]);
    expect(routes.map(summary)).toEqual(['spring-mvc GET /a,/a/ A#a', 'spring-mvc POST /b A#b', 'spring-mvc GET /j,/j/ J#j']);
    const [first, second] = routes[0]!.paths.map((p) => p.literals[0]!.attribute!);
    // one array spanning the vararg arguments, so a slash form can be appended after any of them
    expect(first).toEqual(second);
    expect(kt.slice(first!.valueStart, first!.valueEnd)).toBe('"/a", "/a/"');
    expect(first).toMatchObject({ name: '', isArray: true });
  });
});

describe('route inventory: inherited mappings', () => {
  it('merges class-level mappings of a superclass or interface and method mappings of an interface (Java)', async () => {
    const api = 'package x;\n@RequestMapping("/api/users")\npublic interface UserApi {\n  @GetMapping("/{id}")\n  User get(@PathVariable("id") Long id);\n  @PostMapping\n  User create(@RequestBody User u);\n}\n';
    const ctl = 'package x;\n@RestController\npublic class UserController implements UserApi {\n  @Override\n  public User get(Long id) { return null; }\n  @Override\n  public User create(User u) { return u; }\n  @DeleteMapping("/{id}")\n  public void delete(@PathVariable Long id) { }\n}\n';
    const base = 'package x;\n@RequestMapping(path = "/api/orders", produces = "application/hal+json")\npublic abstract class BaseController<T> {\n  @GetMapping("/ping")\n  public String ping() { return "ok"; }\n}\n';
    const orders = 'package x;\n@RestController\npublic class OrderController extends BaseController<Order> implements java.io.Serializable {\n  @GetMapping("/{id}")\n  public Order get(@PathVariable Long id) { return null; }\n}\n';
    const routes = await collectRoutes([
      { path: 'UserApi.java', kind: 'java', text: api },
      { path: 'UserController.java', kind: 'java', text: ctl },
      { path: 'BaseController.java', kind: 'java', text: base },
      { path: 'OrderController.java', kind: 'java', text: orders },
    ]);
    expect(routes.map(summary)).toEqual([
      'spring-mvc GET /api/orders/ping OrderController#ping',
      'spring-mvc GET /api/orders/{id} OrderController#get',
      'spring-mvc GET /api/users/{id} UserController#get',
      'spring-mvc POST /api/users UserController#create',
      'spring-mvc DELETE /api/users/{id} UserController#delete',
    ]);
    const get = routes.find((r) => r.handler === 'UserController#get')!;
    expect([get.file, get.line]).toEqual(['UserController.java', 5]);
    expect(get.params).toEqual([{ name: 'id', source: 'path', type: 'Long' }]);
    expect(get.paths[0]!.literals.map((l) => [l.file, l.value])).toEqual([['UserApi.java', '/api/users'], ['UserApi.java', '/{id}']]);
    expect(routes.find((r) => r.handler === 'OrderController#get')!.produces).toEqual(['application/hal+json']);
  });

  it('merges them in Kotlin too', async () => {
    const api = 'package x\n@RequestMapping("/api/books")\ninterface BookApi {\n  @GetMapping("/{isbn}")\n  fun get(@PathVariable isbn: String): Book\n}\n';
    const ctl = 'package x\n@RestController\nclass BookController(private val s: BookService) : BaseBooks(), BookApi {\n  override fun get(isbn: String): Book = s.get(isbn)\n}\n';
    const base = 'package x\nabstract class BaseBooks {\n  @GetMapping("/count")\n  fun count(): Long = 0\n}\n';
    const routes = await collectRoutes([
      { path: 'BookApi.kt', kind: 'kotlin', text: api },
      { path: 'BookController.kt', kind: 'kotlin', text: ctl },
      { path: 'BaseBooks.kt', kind: 'kotlin', text: base },
    ]);
    expect(routes.map(summary)).toEqual(['spring-mvc GET /api/books/count BookController#count', 'spring-mvc GET /api/books/{isbn} BookController#get']);
    expect(routes[1]!.params).toEqual([{ name: 'isbn', source: 'path', type: 'String' }]);
  });
});

describe('route inventory: Kotlin string templates', () => {
  it('resolves $NAME and ${Owner.NAME} of known constants, and leaves the others unresolved', async () => {
    const paths = 'package x\nobject Paths {\n  const val API = "/api"\n}\nconst val V = "v2"\n';
    const ctl = [
      'package x',
      '@RestController',
      '@RequestMapping("${Paths.API}/users")',
      'class UserController {',
      '  companion object { const val ITEM = "/{id}" }',
      '  @GetMapping("/$V$ITEM") fun get(@PathVariable id: Long): String = ""',
      '  @GetMapping("/\\$literal") fun dollar(): String = ""',
      '  @GetMapping("/${UNKNOWN}/x") fun unknown(): String = ""',
      '  @GetMapping("/${id + 1}") fun expr(): String = ""',
      '}',
    ].join('\n');
    const routes = await collectRoutes([
      { path: 'Paths.kt', kind: 'kotlin', text: paths },
      { path: 'UserController.kt', kind: 'kotlin', text: ctl },
    ]);
    expect(routes.map((r) => r.paths.map((p) => `${p.template}${p.resolved ? '' : ' (unresolved)'}`).join())).toEqual([
      '/api/users/v2/{id}',
      '/api/users/$literal',
      '/api/users/{?} (unresolved)',
      '/api/users/{?} (unresolved)',
    ]);
    // the constants' literals stay exact; the template literal itself is not a path literal
    expect(routes[0]!.paths[0]!.literals.map((l) => [l.file, l.value, l.viaConstant])).toEqual([
      ['Paths.kt', '/api', 'Paths.API'],
      ['Paths.kt', 'v2', 'V'],
      ['UserController.kt', '/{id}', 'ITEM'],
    ]);
  });
});

describe('route inventory: Spring pattern combine', () => {
  it('lets a class-level prefix ending in /* give way to the method path, as PathPattern.combine does', async () => {
    const ctl = [
      'package x;',
      '@Controller',
      '@RequestMapping({"/shop/*"})',
      'public class ShopController {',
      '  @GetMapping public String home() { return "home"; }',
      '  @GetMapping({"/cart", "cart/"}) public String cart() { return "cart"; }',
      '}',
      '@Controller',
      '@RequestMapping("/*")',
      'class RootController {',
      '  @GetMapping("/about") public String about() { return "about"; }',
      '}',
    ].join('\n');
    const routes = await collectRoutes([{ path: 'ShopController.java', kind: 'java', text: ctl }]);
    expect(routes.map(summary)).toEqual([
      'spring-mvc GET /shop/* ShopController#home',
      'spring-mvc GET /shop/cart,/shop/cart/ ShopController#cart',
      'spring-mvc GET /about RootController#about',
    ]);
  });
});
