package net.quillpad.notes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.quillpad.notes.web.NoteService;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.test.context.support.WithMockUser;

@SpringBootTest
class NoteServiceMethodSecurityTests {

    @Autowired
    private NoteService notes;

    @Test
    @WithMockUser(username = "mira")
    void refusesToWriteInSomeoneElsesName() {
        assertThat(notes.write("mira", "ok").owner()).isEqualTo("mira");
        assertThatThrownBy(() -> notes.write("otto", "forged")).isInstanceOf(AccessDeniedException.class);
    }

    @Test
    @WithMockUser(username = "mira", roles = "USER")
    void keepsTheCountToAdmins() {
        assertThatThrownBy(() -> notes.count()).isInstanceOf(AccessDeniedException.class);
    }
}
