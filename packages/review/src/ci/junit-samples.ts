/**
 * Short JUnit reports in the shapes real runners write (pytest's junitxml, go-junit-report v1
 * and v2, jest-junit, vitest, surefire), for the tests beside. Owns test data only.
 */

/** pytest --junitxml (xunit2): dotted classnames, parametrized names, skip and setup error. */
export const PYTEST = `<?xml version="1.0" encoding="utf-8"?>
<testsuites name="pytest tests">
  <testsuite name="pytest" errors="1" failures="1" skipped="2" tests="7" time="0.512" timestamp="2024-05-01T10:00:00.000000+00:00" hostname="runner">
    <testcase classname="tests.test_parser" name="test_parses_empty" time="0.001" />
    <testcase classname="tests.test_parser.TestTokens" name="test_splits" time="0.002">
      <failure message="AssertionError: assert [&apos;a&apos;] == [&apos;a&apos;, &apos;b&apos;]">def test_splits(self):
&gt;       assert split("a b") == ["a"]
E       AssertionError</failure>
    </testcase>
    <testcase classname="tests.test_parser" name="test_round_trip[1]" time="0.001" />
    <testcase classname="tests.test_parser" name="test_round_trip[x-y]" time="0.001">
      <skipped type="pytest.skip" message="not on CI">tests/test_parser.py:40: not on CI</skipped>
    </testcase>
    <testcase classname="tests.test_parser" name="test_fixture_error" time="0.000">
      <error message="failed on setup with &quot;ValueError: no db&quot;">ValueError: no db</error>
    </testcase>
    <testcase classname="tests.test_parser" name="test_later" time="0.000">
      <skipped type="pytest.skip" message="later">tests/test_parser.py:60: later</skipped>
    </testcase>
    <testcase classname="tests.test_parser" name="test_quote[it&#39;s]" time="0.000" />
  </testsuite>
</testsuites>
`;

/** go-junit-report v2: suites per package, classname the import path, subtests as cases. */
export const GO_JUNIT_REPORT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="6" failures="1">
	<testsuite name="github.com/acme/widgets/internal/store" tests="5" failures="1" errors="0" id="0" hostname="runner" time="0.012" timestamp="2024-05-01T10:00:00Z">
		<properties>
			<property name="go.version" value="go1.22.1"></property>
		</properties>
		<testcase name="TestOpen" classname="github.com/acme/widgets/internal/store" time="0.001"></testcase>
		<testcase name="TestQuery" classname="github.com/acme/widgets/internal/store" time="0.003"></testcase>
		<testcase name="TestQuery/empty" classname="github.com/acme/widgets/internal/store" time="0.000"></testcase>
		<testcase name="TestQuery/unicode_keys" classname="github.com/acme/widgets/internal/store" time="0.001">
			<failure message="Failed" type="">    store_test.go:41: got 2 rows, want 3</failure>
		</testcase>
		<testcase name="TestSkipOnCI" classname="github.com/acme/widgets/internal/store" time="0.000">
			<skipped message="    store_test.go:50: needs a database"></skipped>
		</testcase>
	</testsuite>
	<testsuite name="github.com/acme/widgets" tests="1" failures="0" errors="0" id="1" hostname="runner" time="0.001" timestamp="2024-05-01T10:00:00Z">
		<testcase name="TestVersion" classname="github.com/acme/widgets" time="0.000"></testcase>
	</testsuite>
</testsuites>
`;

/** go-junit-report v1: the classname is the package's last element, the suite its path. */
export const GO_JUNIT_REPORT_V1 = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
	<testsuite tests="1" failures="0" time="0.004" name="github.com/acme/widgets/internal/cache">
		<properties><property name="go.version" value="go1.21.0"></property></properties>
		<testcase classname="cache" name="TestEvict" time="0.004"></testcase>
	</testsuite>
</testsuites>
`;

/** jest-junit with suiteNameTemplate "{filepath}" and addFileAttribute, run in packages/app. */
export const JEST_JUNIT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="jest tests" tests="7" failures="1" errors="0" time="2.113">
  <testsuite name="src/math/add.test.ts" errors="0" failures="0" skipped="1" timestamp="2024-05-01T10:00:00" time="0.9" tests="3">
    <testcase classname="add adds two numbers" name="add adds two numbers" time="0.003" file="src/math/add.test.ts"></testcase>
    <testcase classname="add handles negatives" name="add handles negatives" time="0.001" file="src/math/add.test.ts"></testcase>
    <testcase classname="add todo" name="add todo" time="0" file="src/math/add.test.ts">
      <skipped/>
    </testcase>
  </testsuite>
  <testsuite name="src/math/div.test.ts" errors="0" failures="1" skipped="0" timestamp="2024-05-01T10:00:01" time="0.4" tests="2">
    <testcase classname="div divides" name="div divides" time="0.002" file="src/math/div.test.ts"></testcase>
    <testcase classname="div by zero throws" name="div by zero throws" time="0.004" file="src/math/div.test.ts">
      <failure>Error: expect(received).toThrow()

Received function did not throw
    at Object.&lt;anonymous&gt; (src/math/div.test.ts:12:27)</failure>
    </testcase>
  </testsuite>
  <testsuite name="src/legacy.test.ts" errors="0" failures="0" skipped="2" timestamp="2024-05-01T10:00:02" time="0" tests="2">
    <testcase classname="legacy old api" name="legacy old api" time="0" file="src/legacy.test.ts"><skipped/></testcase>
    <testcase classname="legacy older api" name="legacy older api" time="0" file="src/legacy.test.ts"><skipped/></testcase>
  </testsuite>
</testsuites>
`;

/** vitest's junit reporter: the file path as suite name and classname, no file attribute. */
export const VITEST = `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="2" failures="0" errors="0" skipped="0" time="0.3">
    <testsuite name="test/util.spec.ts" timestamp="2024-05-01T10:00:00.000Z" hostname="runner" tests="2" failures="0" errors="0" skipped="0" time="0.01">
        <testcase classname="test/util.spec.ts" name="util &gt; trims" time="0.002">
        </testcase>
        <testcase classname="test/util.spec.ts" name="util &gt; pads" time="0.001">
        </testcase>
    </testsuite>
</testsuites>
`;

/** Maven surefire: a bare testsuite root, error and failure, a flaky rerun, a locale time. */
export const SUREFIRE = `<?xml version="1.0" encoding="UTF-8"?>
<testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://maven.apache.org/surefire/maven-surefire-plugin/xsd/surefire-test-report-3.0.xsd" version="3.0" name="com.acme.CartTest" time="1,234.5" tests="5" errors="1" skipped="1" failures="1">
  <properties>
    <property name="java.version" value="17.0.9"/>
  </properties>
  <testcase name="addsItem" classname="com.acme.CartTest" time="1,234.5"/>
  <testcase name="removesItem" classname="com.acme.CartTest" time="0.002">
    <failure message="expected: &lt;1&gt; but was: &lt;0&gt;" type="org.opentest4j.AssertionFailedError"><![CDATA[org.opentest4j.AssertionFailedError: expected: <1> but was: <0>]]></failure>
    <system-out><![CDATA[removing]]></system-out>
  </testcase>
  <testcase name="checksOut" classname="com.acme.CartTest" time="0.004">
    <error message="Cannot invoke &quot;Cart.total()&quot;" type="java.lang.NullPointerException">java.lang.NullPointerException</error>
  </testcase>
  <testcase name="refunds" classname="com.acme.CartTest" time="0">
    <skipped message="not yet"/>
  </testcase>
  <testcase name="flaky" classname="com.acme.CartTest" time="0.2">
    <flakyFailure message="boom" type="java.lang.AssertionError"><stackTrace>java.lang.AssertionError: boom</stackTrace></flakyFailure>
  </testcase>
</testsuite>
`;

/** Nested suites (Ant-style aggregation): names and a suite-level file attribute inherited. */
export const NESTED = `<testsuites name="all">
  <testsuite name="outer" file="spec/outer.spec.js">
    <testsuite name="inner">
      <testcase classname="inner" name="works" />
    </testsuite>
    <testsuite>
      <testcase classname="anon" name="inherits the outer name" file="spec/other.spec.js" />
    </testsuite>
    <testcase classname="outer" name="direct" />
  </testsuite>
</testsuites>
`;
