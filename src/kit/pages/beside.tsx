/** Two panes side by side on a desktop, stacked on a phone: an expected answer and a model's (a library the families' sample views import). */
import type { Child } from "hono/jsx";

export function Beside(props: { expected: Child; answer: Child; expectedTitle?: string; answerTitle?: string }) {
  return (
    <div class="triptych beside">
      <section id="expected">
        <h3>{props.expectedTitle ?? "Expected answer"}</h3>
        {props.expected}
      </section>
      <section id="predicted">
        <h3>{props.answerTitle ?? "The answer, as the scorer read it"}</h3>
        {props.answer}
      </section>
    </div>
  );
}
