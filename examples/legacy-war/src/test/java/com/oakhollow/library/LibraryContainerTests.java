package com.oakhollow.library;

import static org.assertj.core.api.Assertions.assertThat;

import com.oakhollow.library.servlet.SessionCounter;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/** In a real Tomcat: the @WebServlet, @WebFilter and @WebListener, and the JSP rendered by Jasper. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LibraryContainerTests {

    @Autowired
    private TestRestTemplate http;

    @Test
    void servesTheLegacyPingServletWithTheBranchHeader() {
        ResponseEntity<String> ping = http.getForEntity("/legacy/ping", String.class);
        assertThat(ping.getBody()).isEqualTo("pong");
        assertThat(ping.getHeaders().getFirst("X-Branch")).isEqualTo("oakhollow-central");
    }

    @Test
    void rendersTheJspAndOpensASession() {
        int before = SessionCounter.active();
        String page = http.getForObject("/?q=orchard", String.class);
        assertThat(page).contains("<li class=\"shelf\">The Quiet Orchard by H. Alder</li>").doesNotContain("Lantern Street");
        assertThat(SessionCounter.active()).isEqualTo(before + 1);
    }

    @Test
    void configuresTheApplicationForAnExternalContainer() {
        SpringApplicationBuilder builder = new ServletInitializer() {
            SpringApplicationBuilder expose() {
                return configure(new SpringApplicationBuilder());
            }
        }.expose();
        assertThat(builder.build().getAllSources()).contains(LibraryApplication.class);
    }
}
