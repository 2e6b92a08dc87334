def report(step, value):
    if step % 10 == 0:
        print(f"step {step}: {value:.4f}")
