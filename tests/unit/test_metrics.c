/* PLACEHOLDER: skipped until written. */
int main(void);
int
main(void)
{
    return 77;
}
