import deepspeed


class Loop:
    def __init__(self, module, cfg, engine_divides):
        self.engine, self.optim, _, _ = deepspeed.initialize(model=module, model_parameters=module.parameters(), config=cfg)
        self.engine_divides = engine_divides
        self.gas = cfg["gradient_accumulation_steps"]

    def run(self, stream):
        while True:
            try:
                sample = next(stream)
            except StopIteration:
                break
            loss = self.engine(sample).mean()
            if not self.engine_divides:
                loss = loss / self.gas
            self.engine.backward(loss, scale_wrt_gas=self.engine_divides)
            self.engine.step()
