from accelerate import Accelerator

MICRO_STEPS = 8
accelerator = Accelerator(gradient_accumulation_steps=MICRO_STEPS, mixed_precision="bf16")
