package net.quillpad.notes.web;

import java.security.Principal;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class NoteController {
    private final NoteService notes;

    public NoteController(NoteService notes) {
        this.notes = notes;
    }

    @GetMapping("/public/motd")
    public String messageOfTheDay() {
        return "Write it down.";
    }

    @PostMapping("/api/notes")
    @PreAuthorize("hasRole('USER')")
    public Note write(@RequestBody String text, Principal principal) {
        return notes.write(principal.getName(), text);
    }

    @GetMapping("/api/notes")
    public List<Note> mine() {
        return notes.visible();
    }

    @DeleteMapping("/api/notes/{id}")
    public ResponseEntity<Void> remove(@PathVariable long id) {
        return notes.remove(id) ? ResponseEntity.noContent().build() : ResponseEntity.notFound().build();
    }

    @GetMapping("/api/admin/stats")
    public Map<String, Integer> stats() {
        return Map.of("notes", notes.count());
    }
}
