class InverseSqrtSchedule:
    """Keeps an optimizer and sets its learning rate before each of its steps."""

    def __init__(self, inner, d_model, warmup_steps):
        self.inner = inner
        self.d_model = d_model
        self.warmup_steps = warmup_steps
        self.steps_done = 0

    def update_and_step(self):
        self.steps_done += 1
        scale = self.d_model ** -0.5 * min(self.steps_done ** -0.5, self.steps_done * self.warmup_steps ** -1.5)
        for group in self.inner.param_groups:
            group["lr"] = scale
        self.inner.step()

    def clear(self):
        self.inner.zero_grad()
