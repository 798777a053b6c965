package net.quillpad.notes;

import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;

@SpringBootTest
@AutoConfigureMockMvc
class NotesSecurityTests {

    @Autowired
    private MockMvc mvc;

    @Test
    void letsAnyoneReadThePublicPagesAndHealth() throws Exception {
        mvc.perform(get("/public/motd")).andExpect(status().isOk()).andExpect(content().string("Write it down."));
        mvc.perform(get("/actuator/health")).andExpect(status().isOk());
    }

    @Test
    void asksForCredentialsElsewhere() throws Exception {
        mvc.perform(get("/api/notes")).andExpect(status().isUnauthorized());
        mvc.perform(get("/api/notes").with(httpBasic("mira", "wrong"))).andExpect(status().isUnauthorized());
    }

    @Test
    void showsEachUserTheirOwnNotesAndTheAdminAll() throws Exception {
        mvc.perform(post("/api/notes").with(httpBasic("mira", "mira-secret")).content("buy string"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.owner").value("mira"));
        mvc.perform(post("/api/notes").with(httpBasic("otto", "otto-secret")).content("mend the gate"))
                .andExpect(status().isOk());
        mvc.perform(get("/api/notes").with(httpBasic("mira", "mira-secret")))
                .andExpect(jsonPath("$[*].owner").value(org.hamcrest.Matchers.everyItem(org.hamcrest.Matchers.is("mira"))));
        mvc.perform(get("/api/admin/stats").with(httpBasic("otto", "otto-secret")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.notes").isNumber());
    }

    @Test
    @WithMockUser(username = "mira", roles = "USER")
    void keepsAdministrationToAdmins() throws Exception {
        mvc.perform(delete("/api/notes/1")).andExpect(status().isForbidden());
        mvc.perform(get("/api/admin/stats")).andExpect(status().isForbidden());
    }

    @Test
    @WithMockUser(username = "otto", roles = {"USER", "ADMIN"})
    void letsAnAdminDelete() throws Exception {
        mvc.perform(delete("/api/notes/999")).andExpect(status().isNotFound());
    }
}
